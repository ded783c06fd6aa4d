import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './app/Bootstrap';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Bootstrap />
  </StrictMode>,
);
