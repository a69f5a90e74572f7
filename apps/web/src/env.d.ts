// Side-effect style imports handled by rspack's CSS support.
declare module '*.css';
