// The authority writes dates as yyyymmdd (CbteFch, CAEFchVto); GOBL, the QR and our responses as YYYY-MM-DD.

/** yyyymmdd as YYYY-MM-DD (as it came when it is not eight digits). */
export const isoDate = (yyyymmdd: string) => yyyymmdd.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
