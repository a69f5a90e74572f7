import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders its imperative pieces (Toast, Dialog, ActionSheet…) with the legacy
 * `ReactDOM.render`, which React 19 no longer has: without this adapter they silently never
 * appear. Call once before the first render.
 */
export function installAntdMobileRender(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (root === undefined) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Let the closing animation's last update commit before the root goes away.
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
