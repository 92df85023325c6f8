// jstat ships no types; insights use only Student's t distribution's CDF.
declare module 'jstat' {
  const jStat: { studentt: { cdf(x: number, dof: number): number } };
  export default jStat;
}
