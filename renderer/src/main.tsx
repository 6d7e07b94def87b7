import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shared styles first, so each component's own styles (imported beside it) come after them.
import './styles.css';
import './components/controls.css';
import './components/parts.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
