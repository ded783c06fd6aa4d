// The entry: starts the app's requests first, then loads React and renders.
// The page is already painted: its HTML holds the prerendered frame (app/Frame.tsx).
import './styles/base.css';
// The frame of the login layout is drawn with the layout's own styles.
import './styles/auth.css';
import { preloadPage } from './app/pages';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The config (index.html preloads it), then the guest check-in and the labels go out first; the
// page's code and React (preloaded by the HTML of the public routes) are evaluated while they
// load, and the app renders once both are there (the page without suspending). No top-level
// await: the chunks of the app import this entry's modules.
void startApp().then(async (outcome) => {
  const [{ mount }] = await Promise.all([import('./app/mount'), preloadPage(window.location.pathname)]);
  mount(container, outcome);
});
