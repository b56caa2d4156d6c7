// Numbers in messages and files (internal to the core): the shortest text that reads back as
// the same double, written as JSON writes numbers. The shape checks (limits.cpp) name values
// with it, and the scene writer (scene/json_write.cpp) writes every double with it.
#pragma once

#include <string>

namespace hitbox {

// Whole numbers below 1e15 without a fraction ("300"); others in the fewest significant
// digits that read back as v, fixed when the decimal point falls within 15 digits of the
// first digit and at most 4 zeros after the point ("0.0001"), else with an exponent of at
// least two digits ("1.5e-07", "1e+30"). Not finite: "nan", "inf", "-inf".
std::string number_text(double v);
// The same with the digits found by printf and strtod, as the browser build finds them
// (Emscripten's libc++ has no floating-point std::to_chars); tests hold the two equal.
std::string number_text_printf(double v);

}  // namespace hitbox
