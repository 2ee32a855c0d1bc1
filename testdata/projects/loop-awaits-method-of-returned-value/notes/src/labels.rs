use crate::label_index::LabelIndex;
use crate::mirror::Mirror;

pub fn labels() -> LabelIndex {
    LabelIndex::open()
}

pub fn mirror() -> Mirror {
    Mirror::open()
}
