// antd's theme for the console: the product's brand blue from the design tokens
// (packages/ui/src/tokens.css, --gg-color-primary: 5.1:1 on white) and a readable base size.
import type { ThemeConfig } from 'antd';
import { tokens } from '@glucoguard/ui';

export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: tokens.colorPrimary,
    colorLink: tokens.colorPrimary,
    fontSize: 15,
    borderRadius: 6,
  },
};
