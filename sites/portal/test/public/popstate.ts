// A step through the browser's history as the list islands see it: taken inside act(), and over
// once the popstate it causes has been dispatched. The islands answer a popstate in their own
// listener, added before this one, and act() flushes React's renders and effects from that answer
// before it returns: whatever the step makes the island do (a dialog reopened, a view counted) is
// done by then. A browser dispatches popstate after history.back() returns, happy-dom within it:
// the listener is in place before the step either way.
import { act } from '@testing-library/react';

export async function afterPopstate(step: () => void): Promise<void> {
  await act(async () => {
    const popped = new Promise<void>((resolve) =>
      addEventListener('popstate', () => resolve(), { once: true }),
    );
    step();
    await popped;
  });
}
