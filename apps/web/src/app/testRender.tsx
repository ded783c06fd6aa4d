// Test helpers of the web's unit tests that render (not imported by the app).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { I18nProvider, ServicesProvider } from './context';
import type { Services } from './services';
import { testLabels } from './testServices';

/** Any other page: says where the viewer is (`at /path?query`). */
export function Elsewhere() {
  const [location] = useLocation();
  const search = useSearch();
  return <p>{`at ${location}${search ? `?${search}` : ''}`}</p>;
}

/**
 * Renders `page` at route pattern `path` (wouter's syntax) with `services` and English labels
 * whose text is the key; any other address renders {@link Elsewhere}.
 */
export function renderRoute(services: Services, path: string, page: ReactNode) {
  return render(
    <ServicesProvider services={services}>
      <I18nProvider language="en" labels={testLabels()}>
        <Router>
          <Switch>
            <Route path={path}>{page}</Route>
            <Route>
              <Elsewhere />
            </Route>
          </Switch>
        </Router>
      </I18nProvider>
    </ServicesProvider>,
  );
}
