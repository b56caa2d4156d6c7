// Writing JSON text (internal to the core): the number formatting and the small writers that
// the query report (report.cpp) and the scene writer (scene_write.cpp) share.
#pragma once

#include <string>
#include <string_view>

#include "hitbox/geometry.h"

namespace hitbox::json_write {

// Shortest text that reads back as the same float (std::to_chars): the report's numbers.
std::string float_text(float v);
// The same text made with printf and strtof, for standard libraries without floating-point
// std::to_chars (Emscripten's); float_text uses it there. tests/float_text_test.cpp holds the
// two equal.
std::string float_text_printf(float v);

// Shortest text that reads back as the same double (number_text.h): the scene files' numbers,
// and numbers in scene error messages.
std::string double_text(double v);

// A quoted string: '"' and '\' escaped, control characters as \u00XX, everything else as is.
void put_string(std::string& out, std::string_view s);
void put_float(std::string& out, float v);
void put_bool(std::string& out, bool b);
void put_vec(std::string& out, Vec2 v);           // [x,y]
void put_interval(std::string& out, Interval i);  // [min,max]

}  // namespace hitbox::json_write
