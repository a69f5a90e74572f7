// CSS modules (`*.module.css`, rspack's css/auto): the class names of the file, by their local names.
// Plain stylesheets are side-effect imports (`import './styles.css'`) and need no declaration.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
