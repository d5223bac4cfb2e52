import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  ssr: {
    // Workspace packages are TypeScript source: bundle them into the server build.
    noExternal: [/^@shop\//],
  },
  build: { target: 'es2022' },
});
