package notes

class FeedClient(http: HttpClient) : RemoteSource(http)
