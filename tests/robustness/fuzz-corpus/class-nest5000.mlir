func.func @deep(%c: i1) attributes {grid = [1]} {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  scf.if %c {
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  return
}
