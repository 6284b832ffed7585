//! [`Departed`]'s answers at the seams of `crate::seams`: each hands the step to the
//! departures that change it, in the modules beside the standard's.

use super::Departed;
use crate::seams::Seams;

impl Seams for Departed {
    const DEPARTS: bool = true;
}
