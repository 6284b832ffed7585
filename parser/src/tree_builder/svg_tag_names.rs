//! The SVG tag name table of "adjust SVG tag names": the case tree construction gives
//! the SVG elements whose names have capitals, and the way back to a token's tag name
//! (what end tags in foreign content and the stack's name checks compare).
//!
//! <https://html.spec.whatwg.org/#parsing-main-inforeign>

use crate::names::{local, LocalName};

/// The table of SVG element names whose case tree construction fixes, as (tag name,
/// element name).
const SVG_TAG_NAMES: &[(LocalName, LocalName)] = &[
    (local::ALTGLYPH, local::ALT_GLYPH),
    (local::ALTGLYPHDEF, local::ALT_GLYPH_DEF),
    (local::ALTGLYPHITEM, local::ALT_GLYPH_ITEM),
    (local::ANIMATECOLOR, local::ANIMATE_COLOR),
    (local::ANIMATEMOTION, local::ANIMATE_MOTION),
    (local::ANIMATETRANSFORM, local::ANIMATE_TRANSFORM),
    (local::CLIPPATH, local::CLIP_PATH),
    (local::FEBLEND, local::FE_BLEND),
    (local::FECOLORMATRIX, local::FE_COLOR_MATRIX),
    (local::FECOMPONENTTRANSFER, local::FE_COMPONENT_TRANSFER),
    (local::FECOMPOSITE, local::FE_COMPOSITE),
    (local::FECONVOLVEMATRIX, local::FE_CONVOLVE_MATRIX),
    (local::FEDIFFUSELIGHTING, local::FE_DIFFUSE_LIGHTING),
    (local::FEDISPLACEMENTMAP, local::FE_DISPLACEMENT_MAP),
    (local::FEDISTANTLIGHT, local::FE_DISTANT_LIGHT),
    (local::FEDROPSHADOW, local::FE_DROP_SHADOW),
    (local::FEFLOOD, local::FE_FLOOD),
    (local::FEFUNCA, local::FE_FUNC_A),
    (local::FEFUNCB, local::FE_FUNC_B),
    (local::FEFUNCG, local::FE_FUNC_G),
    (local::FEFUNCR, local::FE_FUNC_R),
    (local::FEGAUSSIANBLUR, local::FE_GAUSSIAN_BLUR),
    (local::FEIMAGE, local::FE_IMAGE),
    (local::FEMERGE, local::FE_MERGE),
    (local::FEMERGENODE, local::FE_MERGE_NODE),
    (local::FEMORPHOLOGY, local::FE_MORPHOLOGY),
    (local::FEOFFSET, local::FE_OFFSET),
    (local::FEPOINTLIGHT, local::FE_POINT_LIGHT),
    (local::FESPECULARLIGHTING, local::FE_SPECULAR_LIGHTING),
    (local::FESPOTLIGHT, local::FE_SPOT_LIGHT),
    (local::FETILE, local::FE_TILE),
    (local::FETURBULENCE, local::FE_TURBULENCE),
    (local::FOREIGNOBJECT, local::FOREIGN_OBJECT),
    (local::GLYPHREF, local::GLYPH_REF),
    (local::LINEARGRADIENT, local::LINEAR_GRADIENT),
    (local::RADIALGRADIENT, local::RADIAL_GRADIENT),
    (local::TEXTPATH, local::TEXT_PATH),
];

/// The SVG tag name table: the element name for a token's tag name.
pub(crate) fn adjust_svg_tag_name(name: LocalName) -> LocalName {
    SVG_TAG_NAMES
        .iter()
        .find(|(from, _)| *from == name)
        .map_or(name, |(_, to)| *to)
}

/// An element's local name "converted to ASCII lowercase". Names from tokens are
/// lowercase already; only the SVG table gives names with capitals.
pub(crate) fn local_name_in_lowercase(name: LocalName) -> LocalName {
    SVG_TAG_NAMES
        .iter()
        .find(|(_, to)| *to == name)
        .map_or(name, |(from, _)| *from)
}
