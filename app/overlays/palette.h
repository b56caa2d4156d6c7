// The sandbox's colours, named once so the drawing code and the window's pixel tests agree.
//
// Shape fills are translucent (alpha kFillAlpha) so overlaps stay visible; a pixel inside a
// single shape is the fill blended over whatever is behind it (kBackground when nothing is).
// Fill precedence: kFillHit (the shape is in the focus pair and the current algorithm says
// hit) > kFillSelected > kFillIdle. Outline precedence: kOutlineSelected > kOutlineFocus (the
// other shape of the focus pair) > kOutlineHit > kOutlineIdle.
#pragma once

#include "platform/canvas.h"

namespace hitbox::app::palette {

inline constexpr float kFillAlpha = 0.6f;

// Suggested clear colour (the shell owns the clear; the palette is tuned for a dark one).
inline constexpr Color kBackground{0.10f, 0.11f, 0.13f, 1.0f};

// ---- shapes ----
inline constexpr Color kFillIdle{0.26f, 0.42f, 0.62f, kFillAlpha};
inline constexpr Color kFillSelected{0.22f, 0.58f, 0.86f, kFillAlpha};
inline constexpr Color kFillHit{0.88f, 0.20f, 0.20f, kFillAlpha};
inline constexpr Color kOutlineIdle{0.62f, 0.76f, 0.94f, 1.0f};
// A sleeping body (play mode): its fill and outline alpha times this.
inline constexpr float kAsleepDim = 0.4f;
inline constexpr Color kOutlineSelected{1.00f, 0.84f, 0.22f, 1.0f};
inline constexpr Color kOutlineFocus{0.95f, 0.95f, 1.00f, 1.0f};
inline constexpr Color kOutlineHit{1.00f, 0.50f, 0.45f, 1.0f};
inline constexpr Color kOrigin{1.00f, 1.00f, 1.00f, 1.0f};    // dot at each shape's origin
inline constexpr Color kAxisX{1.00f, 0.42f, 0.36f, 1.0f};     // local +x arrow
inline constexpr Color kAxisY{0.42f, 0.95f, 0.48f, 1.0f};     // local +y tick
inline constexpr Color kLabel{0.90f, 0.92f, 0.96f, 1.0f};     // shape ids
inline constexpr Color kVelocity{0.40f, 0.95f, 0.55f, 1.0f};  // velocity arrows

// ---- sprites: drawn as their image; the frame (image rectangle) is outlined, and a selected
// or hit sprite gets a light tint of its state's fill colour on its texels ----
inline constexpr Color kSpriteFrameIdle{0.62f, 0.76f, 0.94f, 0.35f};
inline constexpr float kSpriteTintSelected = 0.20f;  // of kFillSelected
inline constexpr float kSpriteTintHit = 0.30f;       // of kFillHit

// ---- handles of the selection ----
inline constexpr Color kHandle{1.00f, 0.84f, 0.22f, 1.0f};
inline constexpr Color kHandleFill{0.12f, 0.12f, 0.14f, 1.0f};

// ---- traces: A and B of the focus pair ----
inline constexpr Color kTraceA{0.25f, 0.86f, 1.00f, 1.0f};     // cyan
inline constexpr Color kTraceB{0.80f, 0.55f, 1.00f, 1.0f};     // violet
inline constexpr Color kOverlap{1.00f, 0.30f, 0.28f, 1.0f};    // an overlap (segment / region)
inline constexpr Color kGap{0.35f, 0.95f, 0.45f, 1.0f};        // a gap (separation)
inline constexpr Color kTouching{1.00f, 0.84f, 0.22f, 1.0f};   // touching: neither overlap nor gap
inline constexpr Color kAxisLine{0.62f, 0.64f, 0.72f, 0.45f};  // a tested SAT axis
inline constexpr Color kSeparatingAxis{0.35f, 0.95f, 0.45f, 1.0f};
inline constexpr Color kLeastAxis{1.00f, 0.62f, 0.15f, 1.0f};
inline constexpr Color kMtd{1.00f, 0.55f, 0.10f, 1.0f};  // push-out arrow and resolved ghost
inline constexpr Color kGjk{0.45f, 0.85f, 1.00f, 1.0f};  // GJK closest points, EPA depth
inline constexpr Color kGhostStart{0.85f, 0.88f, 0.95f, 0.75f};   // swept: t = 0
inline constexpr Color kGhostImpact{1.00f, 0.36f, 0.32f, 0.95f};  // swept: time of impact
inline constexpr Color kGhostEnd{0.60f, 0.62f, 0.70f, 0.75f};     // swept: t = 1
inline constexpr Color kGhostScrub{1.00f, 0.90f, 0.30f, 0.95f};   // swept: the t scrubber
inline constexpr Color kRelVel{0.40f, 0.95f, 0.55f, 0.9f};        // swept: relative velocity
inline constexpr Color kNormal{1.00f, 0.55f, 0.10f, 1.0f};        // swept: contact normal

// ---- pixel test (masks of the focus pair) ----
inline constexpr Color kPixelOverlap{1.00f, 0.20f, 0.86f, 1.0f};  // overlapping cells (opaque)
inline constexpr Color kPixelSearch{1.00f, 0.90f, 0.30f, 0.9f};   // search rectangle outline
inline constexpr Color kPixelFirst{1.00f, 1.00f, 1.00f, 1.0f};    // first overlapping cell
inline constexpr Color kMaskGrid{1.00f, 1.00f, 1.00f, 0.16f};     // cell grid when zoomed in
inline constexpr Color kMaskOutline{0.85f, 0.90f, 1.00f, 0.55f};  // other sprites' masks

// ---- polygon tool ----
inline constexpr Color kToolPoint{1.00f, 0.84f, 0.22f, 1.0f};
inline constexpr Color kRay{0.95f, 0.95f, 1.00f, 0.9f};     // the ray tool's ray
inline constexpr Color kRayHit{1.00f, 0.45f, 0.85f, 1.0f};  // where the ray hits, and t
// The Mover tool's mistakes' ghosts, in hitbox/mover.h's kMoverMistakes order: MTD only, no
// cast, no clip, velocity zeroed.
inline constexpr Color kMoverGhost[] = {{1.00f, 0.36f, 0.32f, 1.0f},
                                        {0.80f, 0.55f, 1.00f, 1.0f},
                                        {0.30f, 0.80f, 1.00f, 1.0f},
                                        {1.00f, 0.72f, 0.20f, 1.0f}};
inline constexpr Color kPieces{1.00f, 0.84f, 0.22f, 1.0f};  // a concave polygon's pieces
inline constexpr Color kToolDropped{1.00f, 0.30f, 0.28f, 1.0f};
inline constexpr Color kToolHullFill{1.00f, 0.84f, 0.22f, 0.18f};

}  // namespace hitbox::app::palette
