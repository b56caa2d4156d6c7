#version 330 core
// Canvas vertex shader. Every primitive arrives in window pixels (y down). Each vertex also
// carries its position in the primitive's own frame, so the fragment shader can find the
// distance to the primitive's edge with a few operations:
//   a_local  x: along the segment (0 at its start), y: across it, in window pixels
//            (images: the texture coordinate, 0..1 across the image)
//   a_params x: segment length (0 for a circle or dot), y: radius (half the line width for
//            lines; very large for flat fills, which makes every pixel fully inside),
//            z: outline width
//   a_edges0/1  convex polygons: signed distance to each edge line (outside positive);
//            unused edges are very negative. Affine, so interpolation keeps them exact.

layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_local;
layout(location = 2) in vec3 a_params;
layout(location = 3) in vec4 a_fill;     // fill colour (straight alpha)
layout(location = 4) in vec4 a_outline;  // outline colour
layout(location = 5) in vec4 a_edges0;
layout(location = 6) in vec4 a_edges1;

uniform vec2 u_viewport;  // window size in pixels

out vec2 v_local;
out vec4 v_edges0;
out vec4 v_edges1;
flat out vec3 v_params;
flat out vec4 v_fill;
flat out vec4 v_outline;

void main() {
  v_local = a_local;
  v_edges0 = a_edges0;
  v_edges1 = a_edges1;
  v_params = a_params;
  v_fill = a_fill;
  v_outline = a_outline;
  vec2 ndc = a_pos / u_viewport * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
