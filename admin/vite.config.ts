import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// No environment is baked in: the panel reads /admin/config.json at runtime (src/config.ts), so
// one build serves every stack and production.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
