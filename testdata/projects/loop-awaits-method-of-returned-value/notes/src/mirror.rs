pub struct Mirror {
    base: String,
}

impl Mirror {
    pub fn open() -> Mirror {
        Mirror { base: "https://example.com".to_string() }
    }

    pub async fn pull(&self, id: i64) -> Option<String> {
        let url = format!("{}/notes/{id}", self.base);
        let body = reqwest::get(url).await.ok()?.text().await.ok();
        body
    }
}
