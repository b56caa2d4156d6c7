#include "platform/renderer.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "platform/embedded.h"
#include "platform/gl.h"
#include "platform/grid.h"

namespace hitbox::app {
namespace {

// Extra pixels around every distance-shaded quad. Coverage reaches zero half a pixel outside
// the edge and the rasteriser samples pixel centres, so a little over half a pixel keeps the
// whole anti-aliasing ramp; more would only shade transparent fragments (llvmpipe pays for
// every one of them).
constexpr float kAaMargin = 0.6f;
// The radius of a flat fill: every pixel is this far inside, so it gets the fill colour.
constexpr float kFlatRadius = 1.0e6f;
// Discs up to this reach (radius + half outline + margin, window px) take one triangle.
constexpr float kOneTriangleReach = 24.0f;
// Corners sharper than about 29 degrees would give long miter spikes: such polygons fall back
// to round-capped edge lines. The limit is on 1 + cos(turn) of neighbouring edge normals.
constexpr float kMinMiterDenominator = 0.12f;

std::uint8_t to_byte(float v) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

void put_color(std::uint8_t (&out)[4], Color c) {
  out[0] = to_byte(c.r);
  out[1] = to_byte(c.g);
  out[2] = to_byte(c.b);
  out[3] = to_byte(c.a);
}

GLuint compile(GLenum type, std::string_view source, const char* name) {
  const GLuint shader = glCreateShader(type);
  const char* text = source.data();
  const GLint length = static_cast<GLint>(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint log_length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &log_length);
    std::string log(static_cast<std::size_t>(std::max(log_length, 1)), '\0');
    glGetShaderInfoLog(shader, log_length, nullptr, log.data());
    glDeleteShader(shader);
    throw std::runtime_error(std::string("cannot compile ") + name + ":\n" + log.c_str());
  }
  return shader;
}

// The fragment source with `#define NAME 1` after its #version line.
std::string with_define(std::string_view source, const char* name) {
  const std::size_t eol = source.find('\n');
  const std::size_t cut = eol == std::string_view::npos ? source.size() : eol + 1;
  return std::string(source.substr(0, cut)) + "#define " + name + " 1\n" +
         std::string(source.substr(cut));
}

GLuint link_program(bool image) {
  const GLuint vs = compile(GL_VERTEX_SHADER, embedded::canvas_vert(), "shaders/canvas.vert.glsl");
  GLuint fs = 0;
  try {
    const std::string frag = image ? with_define(embedded::canvas_frag(), "CANVAS_IMAGE")
                                   : std::string(embedded::canvas_frag());
    fs = compile(GL_FRAGMENT_SHADER, frag,
                 image ? "shaders/canvas.frag.glsl (CANVAS_IMAGE)" : "shaders/canvas.frag.glsl");
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint log_length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &log_length);
    std::string log(static_cast<std::size_t>(std::max(log_length, 1)), '\0');
    glGetProgramInfoLog(program, log_length, nullptr, log.data());
    glDeleteProgram(program);
    throw std::runtime_error(std::string("cannot link the canvas shaders:\n") + log.c_str());
  }
  return program;
}

}  // namespace

Renderer::Renderer() {
  // Two programs from the same sources: the distance-shaded canvas, and (with CANVAS_IMAGE
  // defined) the textured quads of images, so the canvas shader pays nothing for images.
  program_ = link_program(false);
  try {
    image_program_ = link_program(true);
  } catch (...) {
    glDeleteProgram(program_);
    throw;
  }
  viewport_loc_ = glGetUniformLocation(program_, "u_viewport");
  image_viewport_loc_ = glGetUniformLocation(image_program_, "u_viewport");
  texture_loc_ = glGetUniformLocation(image_program_, "u_texture");
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_);

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ibo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo_);
  const auto stride = static_cast<GLsizei>(sizeof(Vertex));
  const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(Vertex, x)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(Vertex, u)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(Vertex, length)));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(Vertex, fill)));
  glEnableVertexAttribArray(4);
  glVertexAttribPointer(4, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                        at(offsetof(Vertex, outline_color)));
  glEnableVertexAttribArray(5);
  glVertexAttribPointer(5, 4, GL_FLOAT, GL_FALSE, stride, at(offsetof(Vertex, edges)));
  glEnableVertexAttribArray(6);
  glVertexAttribPointer(6, 4, GL_FLOAT, GL_FALSE, stride,
                        at(offsetof(Vertex, edges) + 4 * sizeof(float)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);

  vertices_.reserve(1 << 16);
  indices_.reserve(1 << 17);
}

Renderer::~Renderer() {
  for (const auto& [image, texture] : textures_) glDeleteTextures(1, &texture.id);
  glDeleteBuffers(1, &ibo_);
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(image_program_);
  glDeleteProgram(program_);
}

void Renderer::begin(const Camera& cam, int width, int height) {
  cam_ = cam;
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  label_area_ = ScreenRect{0.0f, 0.0f, static_cast<float>(width_), static_cast<float>(height_)};
  vertices_.clear();
  indices_.clear();
  runs_.clear();
  runs_.push_back(Run{});
}

void Renderer::grid() {
  // Each line is a flat one-pixel-wide rectangle on whole pixels: crisp without any distance
  // shading, and a quarter of the fragments of an anti-aliased line.
  grid_lines(cam_, static_cast<float>(width_), static_cast<float>(height_),
             [this](Vec2 lo, Vec2 hi, Color color) {
               const Vec2 quad[4] = {lo, Vec2(hi.x, lo.y), hi, Vec2(lo.x, hi.y)};
               screen_triangles_fan(quad, color);
             });
}

void Renderer::use_texture(unsigned texture) {
  if (runs_.empty()) runs_.push_back(Run{});
  if (runs_.back().texture == texture) return;
  if (runs_.back().first == indices_.size()) {  // the current run is empty: drop it
    runs_.pop_back();
    if (!runs_.empty() && runs_.back().texture == texture) return;
  }
  runs_.push_back(Run{indices_.size(), texture});
}

unsigned Renderer::texture_for(const std::shared_ptr<const SpriteImage>& img) {
  if (!img || img->w <= 0 || img->h <= 0 || img->w > max_texture_size_ ||
      img->h > max_texture_size_)
    return 0;
  const auto pixels = static_cast<std::size_t>(img->w) * static_cast<std::size_t>(img->h);
  if (img->alpha.size() != pixels && img->rgba.size() != pixels * 4) return 0;
  Texture& t = textures_[img.get()];
  if (t.id != 0 && t.image.lock() == img) {
    t.used = true;
    return t.id;
  }
  // New, or an image that died and whose address a new one took: upload it.
  if (t.id == 0) glGenTextures(1, &t.id);
  t.image = img;
  t.used = true;
  std::vector<std::uint8_t> white;
  const std::uint8_t* data = img->rgba.data();
  if (img->rgba.size() != pixels * 4) {  // alpha only (tests): white where the alpha is
    white.assign(pixels * 4, 255);
    for (std::size_t i = 0; i < pixels; ++i) white[i * 4 + 3] = img->alpha[i];
    data = white.data();
  }
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t.id);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, img->w, img->h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t.id;
}

void Renderer::flush() {
  draws_ = 0;
  labels_.flush(label_area_);
  // Textures of images nobody holds any more go (their address may come back as another).
  for (auto it = textures_.begin(); it != textures_.end();) {
    if (it->second.image.expired()) {
      glDeleteTextures(1, &it->second.id);
      it = textures_.erase(it);
    } else {
      ++it;
    }
  }
  if (indices_.empty()) return;
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glUseProgram(program_);
  glUniform2f(viewport_loc_, static_cast<float>(width_), static_cast<float>(height_));
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  // Orphan and refill: the driver hands us fresh storage instead of waiting for last frame.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)),
               vertices_.data(), GL_STREAM_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(indices_.size() * sizeof(std::uint32_t)), indices_.data(),
               GL_STREAM_DRAW);
  bool image_ready = false;  // the image program's uniforms set this frame
  unsigned bound = 0;
  for (std::size_t k = 0; k < runs_.size(); ++k) {
    const std::size_t first = runs_[k].first;
    const std::size_t end = k + 1 < runs_.size() ? runs_[k + 1].first : indices_.size();
    if (end <= first) continue;
    const unsigned texture = runs_[k].texture;
    if (texture != bound) {
      if (texture != 0 && bound == 0) {
        glUseProgram(image_program_);
        if (!image_ready) {
          glUniform2f(image_viewport_loc_, static_cast<float>(width_), static_cast<float>(height_));
          glUniform1i(texture_loc_, 0);
          glActiveTexture(GL_TEXTURE0);
          image_ready = true;
        }
      } else if (texture == 0) {
        glUseProgram(program_);
      }
      if (texture != 0) glBindTexture(GL_TEXTURE_2D, texture);
      bound = texture;
    }
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(end - first), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(first * sizeof(std::uint32_t)));
    ++draws_;
  }
  if (image_ready) glBindTexture(GL_TEXTURE_2D, 0);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glUseProgram(0);
}

Renderer::Vertex Renderer::blank_vertex() {
  Vertex v{};
  for (float& e : v.edges) e = -kFlatRadius;
  return v;
}

Renderer::Vertex Renderer::make_vertex(Vec2 p, Color fill) const {
  Vertex v = blank_vertex();
  v.x = p.x;
  v.y = p.y;
  v.radius = kFlatRadius;
  put_color(v.fill, fill);
  put_color(v.outline_color, fill);
  return v;
}

bool Renderer::off_screen(Vec2 lo, Vec2 hi) const {
  return hi.x < 0.0f || hi.y < 0.0f || lo.x > static_cast<float>(width_) ||
         lo.y > static_cast<float>(height_);
}

void Renderer::screen_capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline,
                              float outline_px) {
  const float reach = radius + 0.5f * outline_px + kAaMargin;
  const Vec2 lo = glm::min(a, b) - reach;
  const Vec2 hi = glm::max(a, b) + reach;
  if (off_screen(lo, hi)) return;

  // A quad around the segment, grown by the reach on every side; each corner also carries
  // its place along (u) and across (v) the segment for the fragment shader.
  const Vec2 d = b - a;
  const float len = glm::length(d);
  const Vec2 u = len > 1e-6f ? d / len : Vec2(1.0f, 0.0f);
  const Vec2 n(-u.y, u.x);
  Vertex v = blank_vertex();
  v.length = len;
  v.radius = radius;
  v.outline = outline_px;
  put_color(v.fill, fill);
  put_color(v.outline_color, outline);
  const auto base = static_cast<std::uint32_t>(vertices_.size());
  if (len == 0.0f && reach <= kOneTriangleReach) {
    // A small disc: one equilateral triangle around the reach circle (a third more area
    // than a quad, one triangle fewer).
    const float r2 = 2.0f * reach;
    const Vec2 corners[3] = {
        {0.0f, -r2}, {0.8660254f * r2, 0.5f * r2}, {-0.8660254f * r2, 0.5f * r2}};
    for (const Vec2& c : corners) {
      v.x = a.x + c.x;
      v.y = a.y + c.y;
      v.u = c.x;
      v.v = c.y;
      vertices_.push_back(v);
    }
    for (std::uint32_t i : {0u, 1u, 2u}) indices_.push_back(base + i);
    return;
  }
  const float along[4] = {-reach, len + reach, len + reach, -reach};
  const float across[4] = {-reach, -reach, reach, reach};
  for (int k = 0; k < 4; ++k) {
    const Vec2 c = a + u * along[k] + n * across[k];
    v.x = c.x;
    v.y = c.y;
    v.u = along[k];
    v.v = across[k];
    vertices_.push_back(v);
  }
  for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) indices_.push_back(base + i);
}

void Renderer::screen_triangles_fan(std::span<const Vec2> pts, Color fill) {
  if (pts.size() < 3) return;
  const auto base = static_cast<std::uint32_t>(vertices_.size());
  for (const Vec2& p : pts) vertices_.push_back(make_vertex(p, fill));
  for (std::uint32_t i = 1; i + 1 < pts.size(); ++i) {
    indices_.push_back(base);
    indices_.push_back(base + i);
    indices_.push_back(base + i + 1);
  }
}

void Renderer::polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) {
  if (pts.size() < 2) return;
  outline_px *= line_scale_;
  scratch_.clear();
  Vec2 lo(INFINITY, INFINITY), hi(-INFINITY, -INFINITY);
  for (const Vec2& p : pts) {
    const Vec2 s = cam_.to_screen(p);
    scratch_.push_back(s);
    lo = glm::min(lo, s);
    hi = glm::max(hi, s);
  }
  const float reach = 0.5f * std::max(outline_px, 1.0f) + kAaMargin;
  if (off_screen(lo - reach, hi + reach)) return;
  Color line_color = outline;
  float width = outline_width(&line_color, outline_px);
  if (fill.a <= 0.0f && width <= 0.0f) return;  // nothing visible
  if (screen_convex(scratch_, fill, width > 0.0f ? line_color : fill, width)) return;

  // Fallback: a flat fan and round-capped lines along the edges.
  if (fill.a > 0.0f) screen_triangles_fan(scratch_, fill);

  // Without an outline an opaque fill still gets a one-pixel edge of its own colour.
  Color edge = line_color;
  if (width <= 0.0f) {
    if (fill.a < 0.99f) return;
    edge = fill;
    width = 1.0f;
  }
  const std::size_t count = scratch_.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (count == 2 && i == 1) break;
    screen_capsule(scratch_[i], scratch_[(i + 1) % count], 0.5f * width, edge, edge, 0.0f);
  }
}

bool Renderer::screen_convex(std::span<const Vec2> pts, Color fill, Color outline,
                             float outline_px) {
  // Corners without repeats (consecutive points closer than a thousandth of a pixel).
  Vec2 p[kMaxSdfEdges];
  int n = 0;
  for (const Vec2& q : pts) {
    if (n > 0 && glm::length(q - p[n - 1]) < 1e-3f) continue;
    if (n == kMaxSdfEdges) return false;
    p[n++] = q;
  }
  while (n > 0 && glm::length(p[n - 1] - p[0]) < 1e-3f) --n;
  if (n < 3) return false;
  float area = 0.0f;
  for (int i = 0; i < n; ++i) area += cross(p[i], p[(i + 1) % n]);
  if (std::abs(area) < 1e-3f) return false;
  const float side = area > 0.0f ? 1.0f : -1.0f;  // positive area: outward is (d.y, -d.x)

  Vec2 normal[kMaxSdfEdges];
  for (int i = 0; i < n; ++i) {
    const Vec2 d = p[(i + 1) % n] - p[i];
    normal[i] = glm::normalize(Vec2(d.y, -d.x)) * side;
  }
  // The fan's corners: each polygon corner pushed out along its miter so every edge line
  // moves out by the reach.
  const float reach = 0.5f * outline_px + kAaMargin;
  Vec2 corner[kMaxSdfEdges];
  for (int i = 0; i < n; ++i) {
    const Vec2 a = normal[(i + n - 1) % n];
    const Vec2 b = normal[i];
    const float denom = 1.0f + hitbox::dot(a, b);
    if (denom < kMinMiterDenominator || cross(a, b) * side < -1e-4f)
      return false;  // sharp or not convex
    corner[i] = p[i] + (a + b) * (reach / denom);
  }

  Vertex v = blank_vertex();
  v.radius = kFlatRadius;  // the capsule part never limits: the edges decide
  v.outline = outline_px;
  put_color(v.fill, fill);
  put_color(v.outline_color, outline);
  const auto base = static_cast<std::uint32_t>(vertices_.size());
  for (int i = 0; i < n; ++i) {
    v.x = corner[i].x;
    v.y = corner[i].y;
    for (int j = 0; j < n; ++j) v.edges[j] = hitbox::dot(corner[i] - p[j], normal[j]);
    vertices_.push_back(v);
  }
  for (int i = 1; i + 1 < n; ++i) {
    indices_.push_back(base);
    indices_.push_back(base + static_cast<std::uint32_t>(i));
    indices_.push_back(base + static_cast<std::uint32_t>(i + 1));
  }
  return true;
}

void Renderer::circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) {
  outline_px *= line_scale_;
  const Vec2 c = cam_.to_screen(centre);
  const float r = std::max(radius * cam_.zoom, 0.0f);
  const float width = outline_width(&outline, outline_px);
  // With no outline the shader uses the fill alone; a clear fill inside an outline is fine.
  screen_capsule(c, c, r, fill, width > 0.0f ? outline : fill, width);
}

// A circle drawn along a segment: the shader's own primitive, with the circle's outline rule.
void Renderer::capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) {
  outline_px *= line_scale_;
  const float r = std::max(radius * cam_.zoom, 0.0f);
  const float width = outline_width(&outline, outline_px);
  screen_capsule(cam_.to_screen(a), cam_.to_screen(b), r, fill, width > 0.0f ? outline : fill,
                 width);
}

void Renderer::line(Vec2 a, Vec2 b, Color color, float width_px) {
  float width = width_px * line_scale_;
  if (width < 1.0f) {
    color.a *= std::max(width, 0.0f);
    width = 1.0f;
  }
  screen_capsule(cam_.to_screen(a), cam_.to_screen(b), 0.5f * width, color, color, 0.0f);
}

void Renderer::arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px) {
  const Vec2 a = cam_.to_screen(from);
  const Vec2 b = cam_.to_screen(to);
  const Vec2 d = b - a;
  const float len = glm::length(d);
  const float width = std::max(width_px * line_scale_, 1.0f);
  head_px *= line_scale_;
  if (len < 0.5f) {
    screen_capsule(a, a, std::max(0.5f * width, 1.5f), color, color, 0.0f);
    return;
  }
  const Vec2 u = d / len;
  const Vec2 n(-u.y, u.x);
  // A head never longer than the arrow itself, and always wider than the shaft.
  const float head = std::min(std::max(head_px, 2.0f * width), len);
  const float half = std::max(0.5f * head, width);
  const Vec2 base = b - u * head;
  // Stop the shaft inside the head so its round cap does not poke out of the tip.
  screen_capsule(a, b - u * (0.6f * head), 0.5f * width, color, color, 0.0f);
  const Vec2 tri[3] = {b, base + n * half, base - n * half};
  if (!screen_convex(tri, color, color, 0.0f)) screen_triangles_fan(tri, color);
}

void Renderer::dot(Vec2 centre, float radius_px, Color color) {
  const Vec2 c = cam_.to_screen(centre);
  screen_capsule(c, c, std::max(radius_px * line_scale_, 0.5f), color, color, 0.0f);
}

void Renderer::image(const std::shared_ptr<const SpriteImage>& img,
                     std::span<const Vec2, 4> corners, Color tint, float opacity) {
  Vec2 s[4];
  Vec2 lo(INFINITY, INFINITY), hi(-INFINITY, -INFINITY);
  for (int k = 0; k < 4; ++k) {
    s[k] = cam_.to_screen(corners[static_cast<std::size_t>(k)]);
    lo = glm::min(lo, s[k]);
    hi = glm::max(hi, s[k]);
  }
  if (off_screen(lo, hi) || opacity <= 0.0f) return;
  const unsigned texture = texture_for(img);
  if (texture == 0) return;
  // The fragment shader reads the texture coordinate from the local coordinate, the
  // opacity from the fill's alpha and the tint from the outline colour.
  Vertex v = blank_vertex();
  v.radius = kFlatRadius;
  put_color(v.fill, Color{1.0f, 1.0f, 1.0f, opacity});
  put_color(v.outline_color, tint);
  const float uv[4][2] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {1.0f, 1.0f}, {0.0f, 1.0f}};
  use_texture(texture);
  const auto base = static_cast<std::uint32_t>(vertices_.size());
  for (int k = 0; k < 4; ++k) {
    v.x = s[k].x;
    v.y = s[k].y;
    v.u = uv[k][0];
    v.v = uv[k][1];
    vertices_.push_back(v);
  }
  for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) indices_.push_back(base + i);
  use_texture(0);
}

void Renderer::rects(std::span<const Aabb> boxes, Color fill) {
  if (fill.a <= 0.0f) return;
  for (const Aabb& b : boxes) {
    const Vec2 lo = cam_.to_screen(b.min);
    const Vec2 hi = cam_.to_screen(b.max);
    if (off_screen(lo, hi)) continue;
    const Vec2 quad[4] = {lo, Vec2(hi.x, lo.y), hi, Vec2(lo.x, hi.y)};
    screen_triangles_fan(quad, fill);
  }
}

void Renderer::text(Vec2 at, std::string_view s, Color color) {
  labels_.add(cam_.to_screen(at) + Vec2(4.0f, 4.0f), s, color);
}

}  // namespace hitbox::app
