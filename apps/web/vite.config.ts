import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    // `npm run dev:web` talks to an API started separately (API_URL, default :3001).
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3001' },
  },
});
