// The mark on every emulator page: this is not the tax authority.
export function EmulatorBanner() {
  return (
    <header className="border-b-4 border-amber-500 bg-amber-100 px-4 py-3 text-amber-950">
      <p className="mx-auto max-w-2xl font-semibold">
        <span aria-hidden="true">⚠ </span>Emulador de ARCA — no es el sitio real de la AFIP/ARCA
      </p>
      <p className="mx-auto mt-1 max-w-2xl text-sm">
        Funciona solo en esta instalación y sin conexión: lo que haga aquí no tiene efecto ante el fisco.
      </p>
    </header>
  );
}
