import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError } from './ConfigError.tsx';
import { loadPanelConfig } from './config.ts';

// The configuration first (index.html preloads it alongside this script), then the panel, whose
// modules create their clients from it as they load.
const root = document.getElementById('root');
if (root) {
  const view = createRoot(root);
  loadPanelConfig()
    .then(() => import('./App.tsx'))
    .then(({ App }) =>
      view.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    )
    .catch((error: unknown) => view.render(<ConfigError error={error} />));
}
