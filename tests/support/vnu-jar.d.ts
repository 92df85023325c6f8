/** vnu-jar ships no types: its default export is the path of vnu.jar (a String object, usable as a string). */
declare module 'vnu-jar' {
  const vnuJarPath: string;
  export default vnuJarPath;
}
