import type { NavigateOptions, To } from 'react-router-dom';

// React Router types navigate() as `void | Promise<void>` because its data routers return a promise. The app
// renders a declarative <HashRouter> (see router.tsx), whose navigate is synchronous, so the floating-promise
// lint would flag every call for nothing. This is the augmentation React Router documents for that mode;
// delete it when moving to createHashRouter, and lint will then point at every navigate() to await.
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
