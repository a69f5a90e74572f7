// CSS modules (`*.module.css`, rspack's css/auto): the class names of the file, by their local names.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
