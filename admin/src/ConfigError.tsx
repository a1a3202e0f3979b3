import { PanelConfigError } from './config.ts';

const UNKNOWN = 'O painel não pôde ser carregado. Recarregue a página em instantes.';

/** The screen shown instead of the panel when it cannot start (never a blank page). */
export function ConfigError({ error }: { error: unknown }) {
  // Only our own Portuguese messages are shown; anything else gets the generic text.
  const detail = error instanceof PanelConfigError ? error.message : UNKNOWN;
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: '36rem',
        margin: '15vh auto',
        padding: '0 1.5rem',
        color: '#1f2937',
        lineHeight: 1.5,
      }}
    >
      <h1 style={{ fontSize: '1.5rem' }}>Não foi possível abrir o painel</h1>
      <p role="alert">{detail}</p>
      <p>Se o problema continuar, avise quem publicou o site.</p>
      <p>
        <a href="/admin/" style={{ color: '#0e7490' }}>
          Tentar novamente
        </a>
      </p>
    </main>
  );
}
