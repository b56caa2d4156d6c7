// make_sprites: draws the Hitbox teaching sprites procedurally and writes them as RGBA PNGs.
//
//   make_sprites OUTDIR
//
// Every shape is a signed distance function (negative inside, in pixels). A pixel's centre is at
// (x + 0.5, y + 0.5); its coverage is clamp(0.5 - d, 0, 1), so a pixel is opaque (alpha >= 128)
// when its centre lies inside the shape (up to rounding, and where two parts' soft edges overlap),
// and only a one-pixel band at the edge is partly transparent. Each part is filled with a flat
// colour and a darker outline band just inside its edge, and parts are composited back to front.
// The output is deterministic.

#include <stb/stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Vec {
  double x = 0.0;
  double y = 0.0;
};

Vec operator+(Vec a, Vec b) {
  return {a.x + b.x, a.y + b.y};
}
Vec operator-(Vec a, Vec b) {
  return {a.x - b.x, a.y - b.y};
}
Vec operator*(Vec a, double s) {
  return {a.x * s, a.y * s};
}
double dot(Vec a, Vec b) {
  return a.x * b.x + a.y * b.y;
}
double length(Vec a) {
  return std::sqrt(dot(a, a));
}

using Sdf = std::function<double(Vec)>;

// ---- primitive shapes --------------------------------------------------------------------

Sdf circle(Vec c, double r) {
  return [=](Vec p) { return length(p - c) - r; };
}

// An ellipse: approximate distance (exact on the axes, good enough for a one-pixel edge).
Sdf ellipse(Vec c, double rx, double ry) {
  return [=](Vec p) {
    const Vec q{(p.x - c.x) / rx, (p.y - c.y) / ry};
    const double k = length(q);
    if (k == 0.0) return -std::min(rx, ry);
    const Vec grad{q.x / rx, q.y / ry};
    return (k - 1.0) * k / length(grad);
  };
}

// A segment from a to b thickened by r (a capsule).
Sdf capsule(Vec a, Vec b, double r) {
  return [=](Vec p) {
    const Vec ab = b - a;
    const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
    return length(p - (a + ab * t)) - r;
  };
}

// An axis-aligned box [x0, x1] x [y0, y1] with corners rounded by r (the box keeps its extent).
Sdf round_box(double x0, double y0, double x1, double y1, double r) {
  const Vec c{(x0 + x1) / 2.0, (y0 + y1) / 2.0};
  const Vec h{(x1 - x0) / 2.0 - r, (y1 - y0) / 2.0 - r};
  return [=](Vec p) {
    const Vec q{std::abs(p.x - c.x) - h.x, std::abs(p.y - c.y) - h.y};
    const Vec outside{std::max(q.x, 0.0), std::max(q.y, 0.0)};
    return length(outside) + std::min(std::max(q.x, q.y), 0.0) - r;
  };
}

// A simple polygon (any winding, may be concave): exact distance to the nearest edge, negative
// inside by the even-odd rule.
Sdf polygon(std::vector<Vec> v) {
  return [v = std::move(v)](Vec p) {
    double best = 1e300;
    bool inside = false;
    for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
      const Vec a = v[j];
      const Vec b = v[i];
      const Vec ab = b - a;
      const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
      best = std::min(best, length(p - (a + ab * t)));
      if ((a.y > p.y) != (b.y > p.y)) {
        const double x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
        if (p.x < x) inside = !inside;
      }
    }
    return inside ? -best : best;
  };
}

// ---- combinators -------------------------------------------------------------------------

Sdf unite(Sdf a, Sdf b) {
  return [=](Vec p) { return std::min(a(p), b(p)); };
}
Sdf subtract(Sdf a, Sdf b) {
  return [=](Vec p) { return std::max(a(p), -b(p)); };
}
Sdf intersect(Sdf a, Sdf b) {
  return [=](Vec p) { return std::max(a(p), b(p)); };
}
// Polynomial smooth minimum: blends two shapes with a fillet of about k pixels.
double smooth_min(double a, double b, double k) {
  const double h = std::clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return b + (a - b) * h - k * h * (1.0 - h);
}
Sdf shrink(Sdf a, double by) {
  return [=](Vec p) { return a(p) + by; };
}
// Mirror a shape across the vertical line x = axis.
Sdf mirror_x(Sdf a, double axis) {
  return [=](Vec p) { return a(Vec{2.0 * axis - p.x, p.y}); };
}

// ---- drawing -----------------------------------------------------------------------------

struct Rgb {
  double r = 0.0;
  double g = 0.0;
  double b = 0.0;
};

constexpr Rgb hex(std::uint32_t v) {
  return {((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0};
}

struct Part {
  Sdf shape;
  Rgb fill;
  Rgb outline;
  double outline_width = 2.0;  // pixels, measured inwards from the edge
};

class Canvas {
 public:
  Canvas(int width, int height)
      : width_(width), height_(height), pixels_(static_cast<std::size_t>(width) * height) {}

  // Composite one part over what is already drawn.
  void draw(const Part& part) {
    for (int y = 0; y < height_; ++y) {
      for (int x = 0; x < width_; ++x) {
        const double d = part.shape(Vec{x + 0.5, y + 0.5});
        const double coverage = std::clamp(0.5 - d, 0.0, 1.0);
        if (coverage <= 0.0) continue;
        // 0 in the outline band, 1 deeper inside, with a one-pixel blend between them.
        const double t = std::clamp(-d - part.outline_width + 0.5, 0.0, 1.0);
        const Rgb c{part.outline.r + (part.fill.r - part.outline.r) * t,
                    part.outline.g + (part.fill.g - part.outline.g) * t,
                    part.outline.b + (part.fill.b - part.outline.b) * t};
        Premul& px = pixels_[static_cast<std::size_t>(y) * width_ + x];
        px.r = c.r * coverage + px.r * (1.0 - coverage);
        px.g = c.g * coverage + px.g * (1.0 - coverage);
        px.b = c.b * coverage + px.b * (1.0 - coverage);
        px.a = coverage + px.a * (1.0 - coverage);
      }
    }
  }

  void draw(const std::vector<Part>& parts) {
    for (const Part& part : parts) draw(part);
  }

  bool write_png(const std::filesystem::path& path) const {
    std::vector<std::uint8_t> rgba(pixels_.size() * 4);
    const auto byte = [](double v) {
      return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
    };
    for (std::size_t i = 0; i < pixels_.size(); ++i) {
      const Premul& px = pixels_[i];
      const std::uint8_t a = byte(px.a);
      // Straight (not premultiplied) colour; fully transparent pixels are stored as 0,0,0,0.
      const double inv = a == 0 ? 0.0 : 1.0 / px.a;
      rgba[i * 4 + 0] = a == 0 ? 0 : byte(px.r * inv);
      rgba[i * 4 + 1] = a == 0 ? 0 : byte(px.g * inv);
      rgba[i * 4 + 2] = a == 0 ? 0 : byte(px.b * inv);
      rgba[i * 4 + 3] = a;
    }
    return stbi_write_png(path.string().c_str(), width_, height_, 4, rgba.data(), width_ * 4) != 0;
  }

 private:
  struct Premul {
    double r = 0.0;
    double g = 0.0;
    double b = 0.0;
    double a = 0.0;
  };
  int width_;
  int height_;
  std::vector<Premul> pixels_;
};

// ---- palette -----------------------------------------------------------------------------

constexpr Rgb kInk = hex(0x1d2030);  // the common dark outline
constexpr Rgb kHull = hex(0xd8dee9);
constexpr Rgb kHullShade = hex(0x9aa6b8);
constexpr Rgb kWing = hex(0xd9434f);
constexpr Rgb kGlass = hex(0x5fd3e8);
constexpr Rgb kFlame = hex(0xffa62b);
constexpr Rgb kFlameCore = hex(0xffe36e);
constexpr Rgb kStar = hex(0xffcc33);
constexpr Rgb kStarDark = hex(0x8a5a00);
constexpr Rgb kRing = hex(0xf2a93b);
constexpr Rgb kRingLight = hex(0xffd98a);
constexpr Rgb kRingDark = hex(0x7a4a12);
constexpr Rgb kSkin = hex(0xf1c7a0);
constexpr Rgb kShirt = hex(0x3f8fd8);
constexpr Rgb kPants = hex(0x2f3e6e);
constexpr Rgb kShoe = hex(0x5a3a22);
constexpr Rgb kHair = hex(0x6b3e1f);
constexpr Rgb kSteel = hex(0xcfd8e3);
constexpr Rgb kSteelDark = hex(0x8d9aab);
constexpr Rgb kGold = hex(0xe3b341);
constexpr Rgb kGrip = hex(0x7b4a2a);
constexpr Rgb kBlob = hex(0x6cc46a);
constexpr Rgb kBlobLight = hex(0xa5e29a);
constexpr Rgb kBlobDark = hex(0x245c2c);

// ---- the sprites -------------------------------------------------------------------------

// 96x128 spaceship pointing up. Each wing ends in a tall engine pod joined to the hull only by a
// low strut, leaving a transparent notch, open at the top, between pod and hull.
Canvas make_ship() {
  Canvas c(96, 128);
  const double mid = 48.0;
  const Sdf hull = polygon({{48, 5},
                            {54, 16},
                            {58, 32},
                            {60, 54},
                            {60, 104},
                            {55, 114},
                            {41, 114},
                            {36, 104},
                            {36, 54},
                            {38, 32},
                            {42, 16}});
  const Sdf strut_r = polygon({{57, 84}, {80, 92}, {80, 104}, {57, 102}});
  const Sdf pod_r =
      polygon({{83, 40}, {89, 54}, {89, 108}, {85, 116}, {81, 116}, {77, 108}, {77, 54}});
  const Sdf strut = unite(strut_r, mirror_x(strut_r, mid));
  const Sdf pod = unite(pod_r, mirror_x(pod_r, mid));
  const Sdf flame = polygon({{41, 112}, {55, 112}, {48, 126}});
  const Sdf pod_flame_r = polygon({{78, 114}, {88, 114}, {83, 124}});
  const Sdf pod_flame = unite(pod_flame_r, mirror_x(pod_flame_r, mid));
  const Sdf pod_stripe_r = intersect(pod_r, round_box(70, 60, 96, 66, 0));
  const Sdf pod_stripe = unite(pod_stripe_r, mirror_x(pod_stripe_r, mid));
  const Sdf hull_panel = round_box(42, 62, 54, 100, 3);

  c.draw({
      {flame, kFlame, hex(0xc2410c), 2},
      {shrink(flame, 3), kFlameCore, kFlameCore, 0},
      {pod_flame, kFlame, hex(0xc2410c), 1.5},
      {strut, kWing, kInk, 2},
      {pod, kWing, kInk, 2},
      {pod_stripe, kHull, kInk, 1},
      {hull, kHull, kInk, 2},
      {hull_panel, kHullShade, kHullShade, 0},
      {ellipse({mid, 36}, 6, 11), kGlass, kInk, 1.5},
      {ellipse({mid - 2, 32}, 1.8, 4), hex(0xe6fbff), hex(0xe6fbff), 0},
  });
  return c;
}

// 128x128 regular five-pointed star (the pentagram outline), point up.
Canvas make_star() {
  Canvas c(128, 128);
  const Vec centre{64, 69};
  const double outer = 60.0;
  const double inner =
      outer * std::cos(2.0 * std::numbers::pi / 5.0) / std::cos(std::numbers::pi / 5.0);
  std::vector<Vec> v;
  for (int i = 0; i < 10; ++i) {
    const double a = -std::numbers::pi / 2.0 + i * std::numbers::pi / 5.0;
    const double r = i % 2 == 0 ? outer : inner;
    v.push_back({centre.x + r * std::cos(a), centre.y + r * std::sin(a)});
  }
  const Sdf star = polygon(v);
  c.draw({
      {star, kStar, kStarDark, 2.5},
      {shrink(star, 9), hex(0xffe27a), hex(0xffe27a), 0},
  });
  return c;
}

// 128x128 ring: outer radius 60, inner radius 36, centred at (64, 64).
Canvas make_ring() {
  Canvas c(128, 128);
  const Vec centre{64, 64};
  const Sdf ring = subtract(circle(centre, 60), circle(centre, 36));
  const Sdf band = subtract(circle(centre, 51), circle(centre, 45));
  c.draw({
      {ring, kRing, kRingDark, 2.5},
      {band, kRingLight, kRingLight, 0},
  });
  return c;
}

// 64x128 figure: head, body, arms, two legs with a 14-pixel gap between them.
Canvas make_character() {
  Canvas c(64, 128);
  const Sdf head = circle({32, 20}, 13);
  const Sdf hair_cap = subtract(circle({32, 18}, 14), circle({32, 27}, 13));
  const Sdf body = round_box(16, 34, 48, 80, 7);
  const Sdf arm_l = capsule({14, 42}, {8, 72}, 4.5);
  const Sdf arm_r = mirror_x(arm_l, 32);
  const Sdf hand_l = circle({8, 74}, 4.5);
  const Sdf hand_r = mirror_x(hand_l, 32);
  const Sdf leg_l = round_box(15, 70, 25, 118, 2);
  const Sdf leg_r = round_box(39, 70, 49, 118, 2);
  const Sdf shoe_l = round_box(9, 114, 25, 124, 4);
  const Sdf shoe_r = round_box(39, 114, 55, 124, 4);
  const Sdf belt = round_box(16, 72, 48, 80, 0);
  c.draw({
      {arm_l, kShirt, kInk, 2},
      {arm_r, kShirt, kInk, 2},
      {hand_l, kSkin, kInk, 2},
      {hand_r, kSkin, kInk, 2},
      {leg_l, kPants, kInk, 2},
      {leg_r, kPants, kInk, 2},
      {shoe_l, kShoe, kInk, 2},
      {shoe_r, kShoe, kInk, 2},
      {body, kShirt, kInk, 2},
      {intersect(body, belt), kPants, kInk, 1},
      {head, kSkin, kInk, 2},
      {intersect(hair_cap, circle({32, 20}, 13)), kHair, kInk, 1.5},
      {circle({27, 22}, 1.8), kInk, kInk, 0},
      {circle({37, 22}, 1.8), kInk, kInk, 0},
      {subtract(circle({32, 25}, 5), circle({32, 23}, 5)), kInk, kInk, 0},
  });
  return c;
}

// 128x128 sword along the diagonal: hilt at the bottom left, tip at the top right.
Canvas make_sword() {
  Canvas c(128, 128);
  const double s = std::numbers::sqrt2 / 2.0;
  const Vec along{s, -s};  // from the hilt towards the tip
  const Vec across{s, s};
  const Vec guard{30, 98};  // centre of the crosspiece, where the blade starts
  const Vec tip{118, 10};
  const double half = 3.0;               // blade half-thickness: the blade is 6 px thick
  const Vec taper = tip - along * 10.0;  // the last 10 px narrow to the point
  const Sdf blade = polygon({guard + across * half, taper + across * half, tip,
                             taper - across * half, guard - across * half});
  const Sdf fuller = capsule(guard + along * 6.0, taper - along * 4.0, 0.8);
  const Sdf cross = capsule(guard - across * 12.0, guard + across * 12.0, 2.5);
  const Vec grip_end = guard - along * 17.0;
  const Sdf grip = capsule(guard, grip_end, 2.5);
  const Sdf pommel = circle(grip_end - along * 2.0, 4.0);
  c.draw({
      {blade, kSteel, kInk, 1.5},
      {fuller, kSteelDark, kSteelDark, 0},
      {grip, kGrip, kInk, 1.5},
      {pommel, kGold, kInk, 1.5},
      {cross, kGold, kInk, 1.5},
  });
  return c;
}

// 256x256 irregular organic blob (an amoeba: a round body with four pseudopods) with four holes.
Canvas make_blob() {
  Canvas c(256, 256);
  const Vec core{124, 122};
  struct Arm {
    Vec end;
    double width;   // half-thickness of the arm
    double radius;  // radius of the bulb at its end
  };
  const std::array<Arm, 5> arms{{
      {{50, 56}, 15, 24},
      {{210, 62}, 13, 19},
      {{208, 194}, 17, 27},
      {{58, 200}, 13, 20},
      {{136, 224}, 10, 15},
  }};
  // Every rim wobbles a little (fixed phases, so the output is deterministic).
  const auto wobbly = [](Vec q, double radius, double phase) {
    const double angle = std::atan2(q.y, q.x);
    const double wobble = radius * (0.06 * std::sin(3.0 * angle + phase) +
                                    0.03 * std::sin(5.0 * angle + 2.0 * phase));
    return length(q) - (radius + wobble);
  };
  const Sdf body = [=](Vec p) {
    double d = wobbly(p - core, 62, 0.3);
    for (std::size_t i = 0; i < arms.size(); ++i) {
      const double phase = 1.3 + 0.9 * i;
      d = smooth_min(d, capsule(core, arms[i].end, arms[i].width)(p), 16.0);
      d = smooth_min(d, wobbly(p - arms[i].end, arms[i].radius, phase), 10.0);
    }
    return d;
  };
  const Sdf holes = unite(unite(ellipse({108, 110}, 20, 13), circle({154, 146}, 12)),
                          unite(circle({98, 160}, 9), circle({210, 194}, 9)));
  const Sdf blob = subtract(body, holes);
  c.draw({
      {blob, kBlob, kBlobDark, 3},
      {ellipse({140, 82}, 14, 6), kBlobLight, kBlobLight, 0},
      {circle({162, 92}, 3.5), kBlobLight, kBlobLight, 0},
  });
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::fprintf(stderr, "cannot create %s: %s\n", out.string().c_str(), ec.message().c_str());
    return 1;
  }
  const std::vector<std::pair<std::string, Canvas>> sprites = {
      {"ship.png", make_ship()},   {"star.png", make_star()},
      {"ring.png", make_ring()},   {"character.png", make_character()},
      {"sword.png", make_sword()}, {"blob256.png", make_blob()},
  };
  int failures = 0;
  for (const auto& [name, canvas] : sprites) {
    const std::filesystem::path path = out / name;
    if (canvas.write_png(path)) {
      std::printf("wrote %s\n", path.string().c_str());
    } else {
      std::fprintf(stderr, "failed to write %s\n", path.string().c_str());
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
