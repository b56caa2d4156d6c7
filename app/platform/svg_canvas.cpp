#include "platform/svg_canvas.h"

#include <stb_image_write.h>

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include "platform/grid.h"

namespace hitbox::app {
namespace {

// printf into a std::string of any length (platform/ includes nothing from util/).
std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string strf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  std::string out(static_cast<std::size_t>(std::max(n, 0)), '\0');
  std::vsnprintf(out.data(), out.size() + 1, fmt, again);
  va_end(again);
  return out;
}

// A coordinate or width: two decimals, no trailing zeros (small files that diff well).
std::string num(float v) {
  if (!std::isfinite(v)) v = 0.0f;
  std::string s = strf("%.2f", static_cast<double>(v));
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string pt(Vec2 p) {
  return num(p.x) + "," + num(p.y);
}

// A rectangle from lo to hi as a closed sub-path (appended piece by piece: GCC 12 warns
// falsely about "literal" + std::string temporaries).
void append_box(std::string& path, Vec2 lo, Vec2 hi) {
  path += 'M';
  path += pt(lo);
  path += 'H';
  path += num(hi.x);
  path += 'V';
  path += num(hi.y);
  path += 'H';
  path += num(lo.x);
  path += 'Z';
}

int to_byte(float v) {
  return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

// ` fill="#rrggbb" fill-opacity="a"` for attribute `what` (fill or stroke).
std::string paint(const char* what, Color c) {
  std::string s = strf(" %s=\"#%02x%02x%02x\"", what, to_byte(c.r), to_byte(c.g), to_byte(c.b));
  if (c.a < 1.0f) s += strf(" %s-opacity=\"%s\"", what, num(std::max(c.a, 0.0f)).c_str());
  return s;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // Control characters are not allowed in XML 1.0; the labels never carry them.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

std::string base64(const std::vector<unsigned char>& data) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((data.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < data.size(); i += 3) {
    const std::uint32_t b0 = data[i];
    const std::uint32_t b1 = i + 1 < data.size() ? data[i + 1] : 0u;
    const std::uint32_t b2 = i + 2 < data.size() ? data[i + 2] : 0u;
    const std::uint32_t v = (b0 << 16) | (b1 << 8) | b2;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < data.size() ? kDigits[(v >> 6) & 63] : '=';
    out += i + 2 < data.size() ? kDigits[v & 63] : '=';
  }
  return out;
}

void append_png(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<unsigned char>*>(context);
  const auto* bytes = static_cast<const unsigned char*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

// The sprite's pixels as the image shader shows them: tint.a of the tint's colour mixed into
// every texel, alpha times the opacity; white where the alpha is for alpha-only images.
std::string png_data_uri(const SpriteImage& img, Color tint, float opacity) {
  const auto pixels = static_cast<std::size_t>(img.w) * static_cast<std::size_t>(img.h);
  const bool rgba = img.rgba.size() == pixels * 4;
  std::vector<unsigned char> px(pixels * 4);
  const float t = std::clamp(tint.a, 0.0f, 1.0f);
  for (std::size_t i = 0; i < pixels; ++i) {
    const float ch[3] = {rgba ? img.rgba[i * 4] / 255.0f : 1.0f,
                         rgba ? img.rgba[i * 4 + 1] / 255.0f : 1.0f,
                         rgba ? img.rgba[i * 4 + 2] / 255.0f : 1.0f};
    const float tc[3] = {tint.r, tint.g, tint.b};
    for (int k = 0; k < 3; ++k)
      px[i * 4 + static_cast<std::size_t>(k)] =
          static_cast<unsigned char>(to_byte(ch[k] + (tc[k] - ch[k]) * t));
    const float a = (rgba ? img.rgba[i * 4 + 3] : img.alpha[i]) / 255.0f;
    px[i * 4 + 3] = static_cast<unsigned char>(to_byte(a * opacity));
  }
  std::vector<unsigned char> png;
  if (stbi_write_png_to_func(append_png, &png, img.w, img.h, 4, px.data(), img.w * 4) == 0)
    return "";
  return "data:image/png;base64," + base64(png);
}

}  // namespace

SvgCanvas::SvgCanvas(int width, int height, const ScreenRect& shown, Color background,
                     float line_scale)
    : width_(std::max(width, 1)),
      height_(std::max(height, 1)),
      shown_(shown.empty()
                 ? ScreenRect{0.0f, 0.0f, static_cast<float>(width_), static_cast<float>(height_)}
                 : shown),
      background_(background),
      line_scale_(std::clamp(line_scale, 0.5f, 4.0f)) {}

void SvgCanvas::begin_view(const Camera& cam, const ScreenRect& clip,
                           const ScreenRect& label_area) {
  if (in_view_) end_view();
  cam_ = cam;
  clip_ = clip;
  label_area_ = label_area;
  in_view_ = true;
  ++views_;
  // Each view is clipped to its rectangle, as glViewport clips a split view.
  body_ += strf("<clipPath id=\"view%d\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>",
                views_, num(clip.x0).c_str(), num(clip.y0).c_str(), num(clip.w()).c_str(),
                num(clip.h()).c_str());
  body_ += strf("</clipPath>\n<g clip-path=\"url(#view%d)\">\n", views_);
}

void SvgCanvas::end_view() {
  if (!in_view_) return;
  in_view_ = false;
  // Labels as the window draws them: a dark rounded backing, then the text, in the UI font's
  // size. The SVG's font is DejaVu Sans Mono (presenter mode's), sized to the measured advance.
  const Vec2 em = label_text_size("M");
  const float font_px = std::max(em.x / 0.602f, 6.0f);
  body_ += strf("<g font-family=\"DejaVu Sans Mono, monospace\" font-size=\"%s\">\n",
                num(font_px).c_str());
  for (const PlacedLabel& l : labels_.take_placed(label_area_)) {
    body_ += strf(
        "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"3\" fill=\"#0e1016\" "
        "fill-opacity=\"0.59\"/>\n",
        num(l.box.x0).c_str(), num(l.box.y0).c_str(), num(l.box.w()).c_str(),
        num(l.box.h()).c_str());
    const float x = l.box.x0 + kLabelPadPx;
    float top = l.box.y0 + kLabelPadPx;
    std::string_view rest = l.text;
    while (true) {  // one <text> a line, each em.y below the last
      const std::size_t nl = rest.find('\n');
      const std::string_view one = rest.substr(0, nl);
      if (!one.empty())
        body_ += strf("<text x=\"%s\" y=\"%s\"%s xml:space=\"preserve\">%s</text>\n",
                      num(x).c_str(), num(top + 0.8f * em.y).c_str(),
                      paint("fill", l.color).c_str(), xml_escape(one).c_str());
      if (nl == std::string_view::npos) break;
      rest.remove_prefix(nl + 1);
      top += em.y;
    }
  }
  body_ += "</g>\n</g>\n";
}

void SvgCanvas::grid() {
  std::string path;
  Color last{};
  const auto put = [&] {
    if (!path.empty())
      body_ +=
          "<path d=\"" + path + "\"" + paint("fill", last) + " shape-rendering=\"crispEdges\"/>\n";
    path.clear();
  };
  // The grid's lines in the clip rectangle's own frame, as the renderer draws them in a
  // viewport's pixels, then moved to the window.
  Camera local = cam_;
  local.origin = cam_.to_world(Vec2(clip_.x0, clip_.y0));
  grid_lines(local, clip_.w(), clip_.h(), [&](Vec2 lo, Vec2 hi, Color c) {
    if (c.a != last.a) put();
    last = c;
    append_box(path, lo + Vec2(clip_.x0, clip_.y0), hi + Vec2(clip_.x0, clip_.y0));
  });
  put();
}

void SvgCanvas::screen_line(Vec2 a, Vec2 b, Color color, float width) {
  body_ += "<line x1=\"" + num(a.x) + "\" y1=\"" + num(a.y) + "\" x2=\"" + num(b.x) + "\" y2=\"" +
           num(b.y) + "\"" + paint("stroke", color) + " stroke-width=\"" + num(width) +
           "\" stroke-linecap=\"round\"/>\n";
}

void SvgCanvas::screen_polygon(std::span<const Vec2> pts, Color fill, Color outline, float width,
                               bool round_joins) {
  std::string points;
  for (const Vec2& p : pts) {
    if (!points.empty()) points += ' ';
    points += pt(p);
  }
  body_ += "<polygon points=\"" + points + "\"";
  body_ += fill.a > 0.0f ? paint("fill", fill) : std::string(" fill=\"none\"");
  if (width > 0.0f) {
    body_ += paint("stroke", outline) + " stroke-width=\"" + num(width) + "\"";
    body_ += round_joins ? " stroke-linejoin=\"round\"" : " stroke-miterlimit=\"6\"";
  }
  body_ += "/>\n";
}

// The renderer's rules (renderer.cpp): widths times the line scale; an outline thinner than a
// pixel is one pixel with its alpha thinned instead.
void SvgCanvas::polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) {
  if (pts.size() < 2) return;
  outline_px *= line_scale_;
  std::vector<Vec2> s;
  s.reserve(pts.size());
  for (const Vec2& p : pts) s.push_back(cam_.to_screen(p));
  float width = outline_width(&outline, outline_px);
  if (fill.a <= 0.0f && width <= 0.0f) return;
  if (s.size() == 2) {  // a segment: the outline alone, or an opaque fill's one-pixel edge
    if (width > 0.0f)
      screen_line(s[0], s[1], outline, width);
    else if (fill.a >= 0.99f)
      screen_line(s[0], s[1], fill, 1.0f);
    return;
  }
  // Beyond 8 corners the renderer strokes the edges with round caps; an opaque fill without an
  // outline gets a one-pixel edge of its own colour there.
  const bool many = s.size() > 8;
  if (many && width <= 0.0f && fill.a >= 0.99f) {
    outline = fill;
    width = 1.0f;
  }
  screen_polygon(s, fill, outline, width, many);
}

void SvgCanvas::circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) {
  outline_px *= line_scale_;
  const Vec2 c = cam_.to_screen(centre);
  const float r = std::max(radius * cam_.zoom, 0.0f);
  const float width = outline_width(&outline, outline_px);
  if (fill.a <= 0.0f && width <= 0.0f) return;
  body_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(r) + "\"";
  body_ += fill.a > 0.0f ? paint("fill", fill) : std::string(" fill=\"none\"");
  if (width > 0.0f) body_ += paint("stroke", outline) + " stroke-width=\"" + num(width) + "\"";
  body_ += "/>\n";
}

// The segment a b grown by the radius: two straight sides and two half circles.
void SvgCanvas::capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) {
  const Vec2 sa = cam_.to_screen(a), sb = cam_.to_screen(b);
  const Vec2 d = sb - sa;
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  const float r = std::max(radius * cam_.zoom, 0.0f);
  if (len < 1e-3f || r <= 0.0f) {
    if (len < 1e-3f)
      circle(a, radius, fill, outline, outline_px);
    else if (outline.a > 0.0f)
      line(a, b, outline, outline_px);
    return;
  }
  outline_px *= line_scale_;
  const float width = outline_width(&outline, outline_px);
  if (fill.a <= 0.0f && width <= 0.0f) return;
  const Vec2 n = Vec2(-d.y, d.x) / len * r;
  const std::string rr = num(r) + "," + num(r);
  body_ += "<path d=\"M" + pt(sa + n) + "L" + pt(sb + n) + "A" + rr + " 0 0 0 " + pt(sb - n) + "L" +
           pt(sa - n) + "A" + rr + " 0 0 0 " + pt(sa + n) + "Z\"";
  body_ += fill.a > 0.0f ? paint("fill", fill) : std::string(" fill=\"none\"");
  if (width > 0.0f) body_ += paint("stroke", outline) + " stroke-width=\"" + num(width) + "\"";
  body_ += "/>\n";
}

void SvgCanvas::line(Vec2 a, Vec2 b, Color color, float width_px) {
  float width = width_px * line_scale_;
  if (width < 1.0f) {
    color.a *= std::max(width, 0.0f);
    width = 1.0f;
  }
  if (color.a <= 0.0f) return;
  screen_line(cam_.to_screen(a), cam_.to_screen(b), color, width);
}

// The renderer's arrow: a round-capped shaft stopping inside a triangular head.
void SvgCanvas::arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px) {
  const Vec2 a = cam_.to_screen(from);
  const Vec2 b = cam_.to_screen(to);
  const Vec2 d = b - a;
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  const float width = std::max(width_px * line_scale_, 1.0f);
  head_px *= line_scale_;
  if (len < 0.5f) {
    body_ += "<circle cx=\"" + num(a.x) + "\" cy=\"" + num(a.y) + "\" r=\"" +
             num(std::max(0.5f * width, 1.5f)) + "\"" + paint("fill", color) + "/>\n";
    return;
  }
  const Vec2 u = d / len;
  const Vec2 n(-u.y, u.x);
  const float head = std::min(std::max(head_px, 2.0f * width), len);
  const float half = std::max(0.5f * head, width);
  const Vec2 base = b - u * head;
  screen_line(a, b - u * (0.6f * head), color, width);
  const Vec2 tri[3] = {b, base + n * half, base - n * half};
  screen_polygon(tri, color, color, 0.0f, false);
}

void SvgCanvas::dot(Vec2 centre, float radius_px, Color color) {
  const Vec2 c = cam_.to_screen(centre);
  body_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" +
           num(std::max(radius_px * line_scale_, 0.5f)) + "\"" + paint("fill", color) + "/>\n";
}

// The image's pixels in their own w x h frame, mapped onto the four corners by an affine
// transform (the corners are a parallelogram: turned, scaled, mirrored).
void SvgCanvas::image(const std::shared_ptr<const SpriteImage>& img,
                      std::span<const Vec2, 4> corners, Color tint, float opacity) {
  if (!img || img->w <= 0 || img->h <= 0 || opacity <= 0.0f) return;
  const auto pixels = static_cast<std::size_t>(img->w) * static_cast<std::size_t>(img->h);
  if (img->alpha.size() != pixels && img->rgba.size() != pixels * 4) return;
  const std::string uri = png_data_uri(*img, tint, std::min(opacity, 1.0f));
  if (uri.empty()) return;
  const Vec2 tl = cam_.to_screen(corners[0]);
  const Vec2 tr = cam_.to_screen(corners[1]);
  const Vec2 bl = cam_.to_screen(corners[3]);
  const auto w = static_cast<float>(img->w), h = static_cast<float>(img->h);
  const Vec2 ex = (tr - tl) / w, ey = (bl - tl) / h;
  body_ += strf(
      "<image width=\"%d\" height=\"%d\" preserveAspectRatio=\"none\" "
      "image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" "
      "transform=\"matrix(%s %s %s %s %s %s)\" xlink:href=\"",
      img->w, img->h, strf("%.5g", static_cast<double>(ex.x)).c_str(),
      strf("%.5g", static_cast<double>(ex.y)).c_str(),
      strf("%.5g", static_cast<double>(ey.x)).c_str(),
      strf("%.5g", static_cast<double>(ey.y)).c_str(), num(tl.x).c_str(), num(tl.y).c_str());
  body_ += uri + "\"/>\n";
}

void SvgCanvas::rects(std::span<const Aabb> boxes, Color fill) {
  if (fill.a <= 0.0f || boxes.empty()) return;
  std::string path;
  for (const Aabb& b : boxes) {
    const Vec2 lo = cam_.to_screen(b.min), hi = cam_.to_screen(b.max);
    append_box(path, lo, hi);
  }
  body_ += "<path d=\"" + path + "\"" + paint("fill", fill) + " shape-rendering=\"crispEdges\"/>\n";
}

void SvgCanvas::text(Vec2 at, std::string_view s, Color color) {
  labels_.add(cam_.to_screen(at) + Vec2(4.0f, 4.0f), s, color);
}

std::string SvgCanvas::finish() {
  end_view();
  std::string doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  doc += strf(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
      "width=\"%s\" height=\"%s\" viewBox=\"%s %s %s %s\">\n",
      num(shown_.w()).c_str(), num(shown_.h()).c_str(), num(shown_.x0).c_str(),
      num(shown_.y0).c_str(), num(shown_.w()).c_str(), num(shown_.h()).c_str());
  doc += "<title>Hitbox</title>\n";
  doc += "<rect x=\"" + num(shown_.x0) + "\" y=\"" + num(shown_.y0) + "\" width=\"" +
         num(shown_.w()) + "\" height=\"" + num(shown_.h()) + "\"" + paint("fill", background_) +
         "/>\n";
  doc += body_;
  doc += "</svg>\n";
  return doc;
}

bool write_text_file(const std::string& path, const std::string& text, std::string* why) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out) out.close();
  if (!out) {
    if (why != nullptr) *why = errno != 0 ? std::strerror(errno) : "write failed";
    return false;
  }
  return true;
}

}  // namespace hitbox::app
