/* The AVX2 path of the classic 9x9 solver: for now the band updates of the portable path,
 * compiled with AVX2, BMI2 (pext/pdep for the mini-row matrices) and POPCNT. */
