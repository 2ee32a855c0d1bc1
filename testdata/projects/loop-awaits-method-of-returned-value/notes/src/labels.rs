use crate::label_index::LabelIndex;

pub fn labels() -> LabelIndex {
    LabelIndex::open()
}
