/** Renders the whole app (real route tree, memory history) at a path. */
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '~/App';
import { createAppRouter } from '~/router';

export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  const user = userEvent.setup();
  const view = render(<App router={router} />);
  return { router, history, user, ...view };
}
