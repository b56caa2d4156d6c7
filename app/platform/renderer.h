// The Canvas on OpenGL 3.3 core. Every call appends to one CPU-side batch of triangles in
// window pixels; flush() uploads it and draws it with a single draw call, in call order, so
// later shapes cover earlier ones. Everything is shaded by signed distance in the fragment
// shader (shaders/canvas.*.glsl), which gives the fill, the outline and the anti-aliasing in
// one pass: circles, dots, lines and arrow shafts are capsules (a segment plus a radius) on a
// quad or a single triangle; convex polygons and arrow heads are one triangle fan whose
// vertices carry their distance to every edge line (mitered corners). Polygons with more
// than 8 edges fall back to a flat fan with round-capped lines along the edges.
// Text goes to ImGui's background draw list, so it shows with panels hidden.
//
// Images (sprites) are textured quads in the same batch: each SpriteImage gets one GL texture
// (uploaded once, nearest filtering, cached by the image's address while the image lives), and
// the batch is cut into runs at every change of texture, so an image costs one extra draw call
// per run and call order (what covers what) is kept. A frame without images is one draw call.
// Images use a second program built from the same shader files (CANVAS_IMAGE defined), so the
// distance shader carries no texture code.
//
// Few triangles matter as much as few pixels: on llvmpipe (software GL) the per-triangle
// setup cost dominates a scene of hundreds of small shapes.
//
// Needs a current GL 3.3 core context for its whole life, and an ImGui frame in progress
// (between ImGui::NewFrame and ImGui::Render) whenever text() is called.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "platform/canvas.h"
#include "platform/labels.h"

namespace hitbox::app {

class Renderer final : public Canvas {
 public:
  Renderer();  // compiles the shaders; throws std::runtime_error with the GL log on failure
  ~Renderer() override;
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Starts a frame: empties the batch and sets the camera and the window size in pixels.
  void begin(const Camera& cam, int width, int height);
  // Adds the world grid (faint lines every 50 world px, stronger every 250, fading out as
  // the zoom makes them dense). Call first so everything else draws over it.
  void grid();
  // Uploads the batch and draws it into the bound framebuffer; the caller has set the
  // viewport (the drawable size, which may differ from the window size on HiDPI screens).
  void flush();

  void polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) override;
  void circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) override;
  void capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) override;
  void line(Vec2 a, Vec2 b, Color color, float width_px) override;
  void arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px = 10.0f) override;
  void dot(Vec2 centre, float radius_px, Color color) override;
  void image(const std::shared_ptr<const SpriteImage>& img, std::span<const Vec2, 4> corners,
             Color tint, float opacity) override;
  void rects(std::span<const Aabb> boxes, Color fill) override;
  // The label's top-left corner sits at the point, nudged 4 px right and down; labels are
  // placed together at flush (platform/labels.h) inside the label area.
  void text(Vec2 at, std::string_view s, Color color) override;
  // Where labels may go (window pixels); begin() sets the whole window.
  void set_label_area(const ScreenRect& area) { label_area_ = area; }
  const LabelBoard& labels() const { return labels_; }
  const Camera& camera() const override { return cam_; }
  // Presenter mode: every line width, outline, arrow head and dot radius is multiplied by
  // this (1 = normal). Clamped to 0.5..4.
  void set_line_scale(float scale) { line_scale_ = std::clamp(scale, 0.5f, 4.0f); }
  float line_scale() const { return line_scale_; }

  // Statistics of the last flush.
  std::size_t vertex_count() const { return vertices_.size(); }
  std::size_t triangle_count() const { return indices_.size() / 3; }
  std::size_t draw_calls() const { return draws_; }
  std::size_t texture_count() const { return textures_.size(); }

 private:
  struct Vertex {
    float x, y;      // window pixels
    float u, v;      // the same point along and across the primitive's segment
    float length;    // segment length (0: circle or dot)
    float radius;    // distance from the segment to the edge (huge: flat fill)
    float outline;   // outline width, window pixels
    float edges[8];  // convex polygons: signed distance to each edge line (unused: huge
                     // negative), interpolated exactly since each one is affine
    std::uint8_t fill[4];
    std::uint8_t outline_color[4];
  };

  // Window-pixel versions of the primitives.
  void screen_capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px);
  void screen_triangles_fan(std::span<const Vec2> pts, Color fill);
  // A convex polygon of up to kMaxSdfEdges edges as a single distance-shaded fan; false (and
  // nothing drawn) when it does not qualify: too many edges, degenerate, or a corner so sharp
  // its mitered outline would spike.
  bool screen_convex(std::span<const Vec2> pts, Color fill, Color outline, float outline_px);
  static constexpr int kMaxSdfEdges = 8;
  bool off_screen(Vec2 lo, Vec2 hi) const;
  Vertex make_vertex(Vec2 p, Color fill) const;  // a flat fill vertex
  static Vertex blank_vertex();                  // no edges, nothing set

  // A run of the index buffer drawn with one texture (0: none, the distance-shaded path).
  struct Run {
    std::size_t first = 0;  // first index
    unsigned texture = 0;
  };
  // The run the next indices belong to; starts a new one when the texture changes.
  void use_texture(unsigned texture);
  // The GL texture of an image, uploaded on first use; 0 when it cannot be made.
  unsigned texture_for(const std::shared_ptr<const SpriteImage>& img);
  struct Texture {
    std::weak_ptr<const SpriteImage> image;  // expired: the address may be reused
    unsigned id = 0;
    bool used = false;  // drawn since the last flush
  };

  Camera cam_;
  int width_ = 1;
  LabelBoard labels_;
  ScreenRect label_area_;
  float line_scale_ = 1.0f;
  int height_ = 1;
  std::vector<Vertex> vertices_;
  std::vector<std::uint32_t> indices_;
  std::vector<Vec2> scratch_;
  std::vector<Run> runs_;
  std::unordered_map<const SpriteImage*, Texture> textures_;
  std::size_t draws_ = 0;
  int max_texture_size_ = 0;

  unsigned program_ = 0;
  unsigned vao_ = 0;
  unsigned vbo_ = 0;
  unsigned ibo_ = 0;
  int viewport_loc_ = -1;
  unsigned image_program_ = 0;  // images: the same shaders with CANVAS_IMAGE defined
  int image_viewport_loc_ = -1;
  int texture_loc_ = -1;
};

}  // namespace hitbox::app
