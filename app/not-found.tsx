import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-2xl font-semibold">Página no encontrada</h1>
      <p className="mt-2 text-slate-600">
        El enlace no existe o está mal copiado. Si le enviaron un enlace de alta, pida uno nuevo a quien se lo envió.
      </p>
      <p className="mt-1 text-slate-500">This page does not exist. If you were sent a registration link, ask for a new one.</p>
      <Link href="/" className="mt-6 inline-block text-sky-700 underline">Inicio</Link>
    </main>
  );
}
