//! What each primitive of a scene shows, and its colour and size: the SVG film strip's
//! palette, so both front ends read alike.

/// What a triangle shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceRole {
    /// A face of the simplex or polytope that the step keeps.
    Polytope,
    /// The face nearest the origin (EPA expands it).
    Nearest,
    /// A face the step removes (the new support point sees it).
    Removed,
    /// The configuration space `A − B` (of the cores when the query ran on them).
    Difference,
    /// Shape A (world view).
    ShapeA,
    /// Shape B (world view).
    ShapeB,
}

/// What a segment shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRole {
    /// An edge of the simplex or polytope.
    Edge,
    /// A horizon edge, which the step fans to the support point.
    Horizon,
    /// From a horizon vertex to the new support point: a face the step adds.
    Fan,
    /// The search direction (GJK) or the nearest face's normal (EPA), from the origin
    /// (configuration view) or from witness `a` (world view).
    Direction,
    /// From the origin to the closest point `v`.
    ToClosest,
    /// The short axes marking the origin.
    Axis,
    /// An edge of `A − B`.
    Difference,
    /// An edge of shape A.
    ShapeA,
    /// An edge of shape B.
    ShapeB,
    /// From witness `a` to witness `b`.
    Witness,
    /// The cast ray, from its origin to the current ray point (ray-cast frames).
    Ray,
    /// A line of the grid through the view's centre.
    Grid,
    /// A great circle of a ball a shortcut used: a point core's ball, an inscribed ball,
    /// a ball of a ball–ball impact.
    ShortcutBall,
    /// Between the centres of a shortcut's two balls.
    CentreLine,
    /// An axis a box–box separating-axis test tried.
    SatAxis,
    /// The axis of least overlap, which gave the box–box contact.
    SatWinner,
}

/// What a point marker shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointRole {
    /// A vertex of the simplex or polytope.
    Vertex,
    /// The new support point `w`.
    Support,
    /// The closest point `v` (GJK) or the origin's projection on the nearest face's
    /// plane (EPA).
    Closest,
    /// The origin of the configuration space.
    Origin,
    /// The tip of the direction segment.
    DirectionTip,
    /// Witness point `a` on A.
    WitnessA,
    /// Witness point `b` on B.
    WitnessB,
}

/// `0xRRGGBB` and an alpha as sRGB RGBA in `[0, 1]` (`render::color` linearises it for
/// kiss3d).
const fn rgb(hex: u32, alpha: f32) -> [f32; 4] {
    [
        ((hex >> 16) & 0xff) as f32 / 255.0,
        ((hex >> 8) & 0xff) as f32 / 255.0,
        (hex & 0xff) as f32 / 255.0,
        alpha,
    ]
}

/// The SVG film strip's palette (`svg::panel::color`), so both front ends read alike.
mod palette {
    pub const POLY: u32 = 0x2a5db0;
    pub const NEAREST: u32 = 0xf28e00;
    pub const REMOVED: u32 = 0xd62728;
    pub const HORIZON: u32 = 0xc2185b;
    pub const SUPPORT: u32 = 0x2ca02c;
    pub const V: u32 = 0x7b1fa2;
    pub const A: u32 = 0x1f77b4;
    pub const B: u32 = 0xff7f0e;
    pub const DIFF: u32 = 0x9e9e9e;
    pub const INK: u32 = 0x212121;
    pub const GRID: u32 = 0xd0d0d0;
}

/// What each colour means, for the window's legend: a name and an RGBA colour (sRGB,
/// as the roles give them).
#[must_use]
pub fn legend() -> Vec<(&'static str, [f32; 4])> {
    vec![
        ("simplex / polytope", LineRole::Edge.rgba()),
        ("nearest face", FaceRole::Nearest.rgba()),
        ("faces removed", FaceRole::Removed.rgba()),
        ("horizon", LineRole::Horizon.rgba()),
        ("support point w, fan, direction", PointRole::Support.rgba()),
        ("closest point v", PointRole::Closest.rgba()),
        ("origin, axes, witness segment", PointRole::Origin.rgba()),
        ("A − B", LineRole::Difference.rgba()),
        ("shape A, witness a", PointRole::WitnessA.rgba()),
        ("shape B, witness b", PointRole::WitnessB.rgba()),
        ("ray", LineRole::Ray.rgba()),
        ("shortcut balls, centre line", LineRole::ShortcutBall.rgba()),
        ("separating axes tried", LineRole::SatAxis.rgba()),
        ("winning separating axis", LineRole::SatWinner.rgba()),
    ]
}

impl FaceRole {
    /// Fill colour, RGBA; alpha below 1 draws translucent.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            FaceRole::Polytope => rgb(palette::POLY, 0.45),
            FaceRole::Nearest => rgb(palette::NEAREST, 0.85),
            FaceRole::Removed => rgb(palette::REMOVED, 0.55),
            FaceRole::Difference => rgb(palette::DIFF, 0.12),
            FaceRole::ShapeA => rgb(palette::A, 0.6),
            FaceRole::ShapeB => rgb(palette::B, 0.3),
        }
    }
}

impl LineRole {
    /// Line colour, RGBA.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            LineRole::Edge => rgb(palette::POLY, 1.0),
            LineRole::Horizon => rgb(palette::HORIZON, 1.0),
            LineRole::Fan | LineRole::Direction => rgb(palette::SUPPORT, 1.0),
            LineRole::ToClosest => rgb(palette::V, 1.0),
            LineRole::Axis | LineRole::Witness => rgb(palette::INK, 1.0),
            LineRole::Difference => rgb(palette::DIFF, 1.0),
            LineRole::ShapeA => rgb(palette::A, 1.0),
            LineRole::ShapeB => rgb(palette::B, 1.0),
            LineRole::Ray => rgb(palette::REMOVED, 1.0),
            LineRole::Grid => rgb(palette::GRID, 1.0),
            LineRole::ShortcutBall | LineRole::CentreLine => rgb(palette::V, 1.0),
            LineRole::SatAxis => rgb(palette::DIFF, 1.0),
            LineRole::SatWinner => rgb(palette::NEAREST, 1.0),
        }
    }

    /// Width in pixels.
    #[must_use]
    pub const fn width(self) -> f32 {
        match self {
            LineRole::Horizon => 5.0,
            LineRole::Edge | LineRole::Direction | LineRole::ToClosest => 3.0,
            LineRole::Fan | LineRole::Witness | LineRole::Ray => 2.0,
            LineRole::Axis | LineRole::ShapeA | LineRole::ShapeB => 1.5,
            LineRole::Difference | LineRole::Grid | LineRole::ShortcutBall => 1.0,
            LineRole::CentreLine | LineRole::SatAxis => 1.5,
            LineRole::SatWinner => 4.0,
        }
    }
}

impl PointRole {
    /// Marker colour, RGBA.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            PointRole::Vertex => rgb(palette::POLY, 1.0),
            PointRole::Support | PointRole::DirectionTip => rgb(palette::SUPPORT, 1.0),
            PointRole::Closest => rgb(palette::V, 1.0),
            PointRole::Origin => rgb(palette::INK, 1.0),
            PointRole::WitnessA => rgb(palette::A, 1.0),
            PointRole::WitnessB => rgb(palette::B, 1.0),
        }
    }

    /// Diameter in pixels.
    #[must_use]
    pub const fn size(self) -> f32 {
        match self {
            PointRole::Support | PointRole::Origin => 14.0,
            PointRole::Closest | PointRole::WitnessA | PointRole::WitnessB => 12.0,
            PointRole::Vertex | PointRole::DirectionTip => 9.0,
        }
    }
}
