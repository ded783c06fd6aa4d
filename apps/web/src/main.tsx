// The entry: starts the app's requests first, then loads React and renders.
// The page is already painted: its HTML holds the prerendered frame (app/Frame.tsx).
import './styles/base.css';
// The frame of the login layout is drawn with the layout's own styles.
import './styles/auth.css';
import { preloadPage } from './app/pages';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The page's code, the config, then the labels and the guest check-in load while React's code
// (preloaded by the HTML) is evaluated.
// No top-level await: the chunks of the app import this entry's modules.
preloadPage(window.location.pathname);
void startApp().then(async (outcome) => {
  const { mount } = await import('./app/mount');
  mount(container, outcome);
});
