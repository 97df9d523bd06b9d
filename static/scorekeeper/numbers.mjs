/* Scores as people read them, as core/minus_sign.py writes them: a true minus sign (U+2212),
   "+40" for a gain, "0" for no change. Machines get the plain number elsewhere. */
export function plain(n) { return n < 0 ? "\u2212" + (-n) : String(n); }
export function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }
