#version 330 core
// Canvas fragment shader: one branch-free path for everything. The signed distance d from
// the pixel centre to the primitive's edge (window pixels, negative inside) is the larger of
// two parts: the distance to a segment minus a radius (a circle is a segment of length 0, a
// thick line a capsule) and, for convex polygons, the largest distance to an edge line.
// Each primitive leaves the part it does not use at a huge negative value.
// The outline is the band |d| <= width / 2 around the edge, the fill is inside it, and a
// one-pixel ramp across each boundary is the anti-aliasing. Flat fills carry a huge radius,
// so they come out as their fill colour at full coverage.
// Images (sprites) compile this file again with CANVAS_IMAGE defined, into a program of their
// own: the local coordinate is the texture coordinate, the fill's alpha the opacity, and the
// outline colour a tint mixed in by its alpha. Texels are sampled nearest.

in vec2 v_local;
in vec4 v_edges0;
in vec4 v_edges1;
flat in vec3 v_params;
flat in vec4 v_fill;
flat in vec4 v_outline;

out vec4 o_color;

#ifdef CANVAS_IMAGE
uniform sampler2D u_texture;

void main() {
  vec4 texel = texture(u_texture, v_local);
  o_color = vec4(mix(texel.rgb, v_outline.rgb, v_outline.a), texel.a * v_fill.a);
}
#else
void main() {
  vec2 q = vec2(v_local.x - clamp(v_local.x, 0.0, v_params.x), v_local.y);
  vec4 e = max(v_edges0, v_edges1);
  float d = max(length(q) - v_params.y, max(max(e.x, e.y), max(e.z, e.w)));
  float half_outline = 0.5 * v_params.z;
  float coverage = clamp(0.5 - (d - half_outline), 0.0, 1.0);
  float inside = clamp(0.5 - (d + half_outline), 0.0, 1.0);
  vec4 color = mix(v_outline, v_fill, inside);
  o_color = vec4(color.rgb, color.a * coverage);
}
#endif
