// The authority's portal, where a supplier does what the wizard explains: the address of its Clave Fiscal
// login (the same for homologación and producción: WSASS is a service inside it).
export const ARCA_LOGIN_URL = 'https://auth.afip.gob.ar/contribuyente_/login.xhtml';
