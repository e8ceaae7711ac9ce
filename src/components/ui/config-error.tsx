// Shown instead of the app when the build's configuration is invalid (see lib/env.ts):
// a deployer sees what to fix instead of a blank page.
export function ConfigError({ problems }: { problems: string[] }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-xl font-bold text-red-700">La configuración de la app no es válida</h1>
      <p className="text-slate-700">Revisa las variables de entorno con las que se construyó la app:</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </main>
  );
}
