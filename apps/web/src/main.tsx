/**
 * Browser entry: starts the one silent session check (GET /auth/refresh), then renders the router. Routes
 * behind the entry wrapper and the dashboard guard wait for that check and show 'Loading...' meanwhile.
 */
// First: zod must be told before any schema exists (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { checkSessionOnce } from './lib/auth';
import { applyTheme, getTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

applyTheme(getTheme());
void checkSessionOnce();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
