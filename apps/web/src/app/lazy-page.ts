import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageModule = { default: ComponentType };

export interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  /** Loads the page's module so that its first render finds it there (see router.tsx's `preloadPage`). */
  preload(): Promise<void>;
}

/**
 * A thenable that hands over its value at once. React's `lazy` only calls `then` on what its loader
 * returns; given this one, it has the module before it renders and does not suspend.
 */
function alreadyLoaded<T>(value: T): Promise<T> {
  const thenable = {
    then(resolve: (loaded: T) => void) {
      resolve(value);
    },
  };
  return thenable as unknown as Promise<T>;
}

/**
 * A page loaded lazily that renders at once when its module was loaded ahead. React's `lazy` always
 * suspends on its first render, even when the module is already there: its loader's promise settles
 * a microtask later. With no Suspense boundary above the page (see app-layout.tsx), that throws the
 * whole first render away and starts it again, the router and the shell included.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  return {
    Page: lazy(() => (loaded ? alreadyLoaded(loaded) : load())),
    preload: () =>
      load().then((module) => {
        loaded = module;
      }),
  };
}
