// A registration of an entry that already has a certificate (in use, or run out) is a renewal: the
// supplier keeps its status, and the current certificate keeps serving until a new one validates.
export const isRenewal = (entry: { status: string }) => entry.status === 'Registered' || entry.status === 'Expired';
