"""An app's whole flow through the Python client that openapi-python-client generates from
openapi.yaml (package `gif_bff_client`, made by scripts/python-client-check.sh), type-checked with
`mypy --strict` and run against two demo gif-bff servers: one with the default installs policy
(no token: `Client`), one started with `--installs required` (a token: `AuthenticatedClient`).

Usage: python app_flow.py OPTIONAL_URL REQUIRED_URL   (prints one line per step; exits 1 on a failure)
"""

from __future__ import annotations

import sys
from typing import Any, TypeVar

from gif_bff_client import AuthenticatedClient, Client
from gif_bff_client.api.browse import (
    download_item,
    get_item,
    get_spotlight,
    random_deck,
    random_item,
    search_items,
    trending_items,
)
from gif_bff_client.api.favorites import add_favorite, list_favorites, remove_favorite
from gif_bff_client.api.history import clear_search_history, list_search_history, search_suggestions
from gif_bff_client.api.installs import delete_install, register_install
from gif_bff_client.models import (
    AddFavoriteRequest,
    Deck,
    Download,
    FavoritesList,
    Favorite,
    FetchedItem,
    Item,
    ItemPage,
    Kind,
    MediaType,
    NewInstall,
    ProblemCodeType0,
    ProblemDetails,
    Rating,
    SearchHistory,
    SearchOrder,
    Spotlight,
    Suggestions,
    TrendingOrder,
)
from gif_bff_client.types import Response

Parsed = TypeVar("Parsed")


def answer(response: Response[Any], kind: type[Parsed]) -> Parsed:
    """The parsed body when it is a `kind`; otherwise the step fails with the problem."""
    parsed = response.parsed
    if isinstance(parsed, kind):
        return parsed
    raise AssertionError(f"expected {kind.__name__}, got {response.status_code}: {response.content[:300]!r}")


def problem(response: Response[Any], status: int) -> ProblemDetails:
    """The problem an error answer carries, typed: `code` is a `ProblemCodeType0` (or a newer code's text)."""
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.content[:300]!r}"
    return answer(response, ProblemDetails)


def step(name: str, detail: str) -> None:
    print(f"app-flow: {name}: {detail}")


def browse(client: Client) -> str:
    """Search both providers and by kind, page on, open a detail, trending, random, deck and spotlight; the id of a GIF."""
    gifs = answer(search_items.sync_detailed(client=client, q="cat", limit=4, rating=Rating.PG_13), ItemPage)
    assert gifs.data and all(item.provider == "giphy" for item in gifs.data)
    assert gifs.provider == "giphy", f"the page names the provider that served it: {gifs.provider!r}"
    next_offset = gifs.pagination.next_offset
    assert isinstance(next_offset, int)
    step("search giphy", f"{len(gifs.data)} GIFs, next offset {next_offset}")
    page_two = answer(search_items.sync_detailed(client=client, q="cat", limit=4, offset=next_offset, rating=Rating.PG_13), ItemPage)
    assert page_two.pagination.offset == next_offset
    step("next page", f"{len(page_two.data)} GIFs at offset {page_two.pagination.offset}")
    photos = answer(search_items.sync_detailed(client=client, q="mountain", provider="unsplash", order_by=SearchOrder.LATEST,
                                               limit=3), ItemPage)
    assert photos.data and all(item.id.startswith("unsplash:") for item in photos.data)
    step("search unsplash", f"{len(photos.data)} photos, first {photos.data[0].id}")
    by_kind(client)
    stickers = answer(trending_items.sync_detailed(client=client, type_=MediaType.STICKERS, limit=2), ItemPage)
    editorial = answer(trending_items.sync_detailed(client=client, provider="unsplash", order_by=TrendingOrder.POPULAR,
                                                    limit=3), ItemPage)
    step("trending", f"{len(stickers.data)} stickers, {len(editorial.data)} editorial photos")
    detail = answer(get_item.sync_detailed(client=client, id=photos.data[0].id), FetchedItem)
    assert detail.id == photos.data[0].id and detail.width and detail.height
    step("detail", f"{detail.id} {detail.width}x{detail.height}")
    saved = answer(download_item.sync_detailed(client=client, id=detail.id), Download)
    step("download", f"{saved.width}x{saved.height} {saved.url[:40]}...")
    random_gif = answer(random_item.sync_detailed(client=client, tag="dog"), Item)
    random_photo = answer(random_item.sync_detailed(client=client, provider="unsplash"), Item)
    assert random_photo.provider == "unsplash"
    by_kind_photo = answer(random_item.sync_detailed(client=client, kind=Kind.PHOTOS), Item)
    assert by_kind_photo.id.startswith(f"{by_kind_photo.provider}:"), by_kind_photo.id
    step("random", f"{random_gif.id}, {random_photo.id}")
    deck = answer(random_deck.sync_detailed(client=client, count=5), Deck)
    again = answer(random_deck.sync_detailed(client=client, count=5, session=deck.session), Deck)
    assert not {item.id for item in deck.data} & {item.id for item in again.data}, "a session never repeats an item"
    step("deck", f"{len(deck.data)} then {len(again.data)} GIFs, session {deck.session[:8]}...")
    spotlight = answer(get_spotlight.sync_detailed(client=client, provider="unsplash"), Spotlight)
    photo_spotlight = answer(get_spotlight.sync_detailed(client=client, kind=Kind.PHOTOS), Spotlight)
    assert photo_spotlight.gif.provider == spotlight.gif.provider == "unsplash"
    step("spotlight", f"{spotlight.gif.id}, {spotlight.seconds_left} s left; by kind {photo_spotlight.gif.id}")
    unknown = problem(search_items.sync_detailed(client=client, q="cat", provider="nosuchprovider"), 400)
    assert unknown.code == ProblemCodeType0.INVALID_PARAMETER
    step("a provider not served", f"400 {unknown.code}")
    bad = problem(search_items.sync_detailed(client=client, q="a\x1bb"), 400)
    assert bad.code == ProblemCodeType0.INVALID_PARAMETER
    step("a control character", f"400 {bad.code}")
    return gifs.data[0].id


def by_kind(client: Client) -> None:
    """`kind=photos` names no provider: the photo chain serves it and the page says which provider
    did; the next page asks that provider (a chain may pass to the next provider between pages)."""
    first = answer(search_items.sync_detailed(client=client, q="mountain", kind=Kind.PHOTOS, limit=3), ItemPage)
    served = first.provider
    assert isinstance(served, str) and served, f"no provider named by the page: {served!r}"
    assert first.data and all(item.provider == served for item in first.data), [item.provider for item in first.data]
    next_offset = first.pagination.next_offset
    assert isinstance(next_offset, int)
    second = answer(search_items.sync_detailed(client=client, q="mountain", provider=served, offset=next_offset, limit=3), ItemPage)
    assert second.provider == served and all(item.provider == served for item in second.data)
    assert not {item.id for item in first.data} & {item.id for item in second.data}
    gifs = answer(trending_items.sync_detailed(client=client, kind=Kind.GIFS, limit=2), ItemPage)
    assert gifs.provider == "giphy" and all(item.provider == "giphy" for item in gifs.data)
    step("kind=photos", f"served by {served}, next page at {next_offset} from {second.provider}; kind=gifs by {gifs.provider}")


def keep(client: Client | AuthenticatedClient, gif_id: str) -> None:
    """Favorites and history, the install's (the local one without a token)."""
    added = answer(add_favorite.sync_detailed(client=client, body=AddFavoriteRequest(id=gif_id)), Favorite)
    favorites = answer(list_favorites.sync_detailed(client=client), FavoritesList)
    assert gif_id in [favorite.id for favorite in favorites.data] and added.is_favorite
    step("favorites", f"{favorites.count} of {favorites.limit}")
    removed = remove_favorite.sync_detailed(client=client, id=gif_id)
    assert removed.status_code == 204
    missing = problem(remove_favorite.sync_detailed(client=client, id=gif_id), 404)
    assert missing.code == ProblemCodeType0.FAVORITE_NOT_FOUND
    answer(search_items.sync_detailed(client=client, q="cat", limit=1), ItemPage)
    history = answer(list_search_history.sync_detailed(client=client), SearchHistory)
    assert history.data and history.data[0].query == "cat"
    suggestions = answer(search_suggestions.sync_detailed(client=client, q="ca"), Suggestions)
    step("history", f"{[entry.query for entry in history.data]}, suggestions {[s.query for s in suggestions.data]}")
    assert clear_search_history.sync_detailed(client=client).status_code == 204


def with_token(base_url: str) -> None:
    """Where the server requires a token: none is 401, then an install's token opens everything."""
    anonymous = Client(base_url=base_url)
    refused = problem(list_favorites.sync_detailed(client=anonymous), 401)
    assert refused.code == ProblemCodeType0.INSTALL_TOKEN_REQUIRED
    step("no token", f"401 {refused.code}")
    install = answer(register_install.sync_detailed(client=anonymous), NewInstall)
    step("install", f"{install.install_id}")
    client = AuthenticatedClient(base_url=base_url, token=install.token)
    gif_id = answer(search_items.sync_detailed(client=client, q="cat", limit=1), ItemPage).data[0].id
    keep(client, gif_id)
    assert delete_install.sync_detailed(client=client).status_code == 204
    gone = problem(list_favorites.sync_detailed(client=client), 401)
    assert gone.code == ProblemCodeType0.INSTALL_TOKEN_INVALID
    step("install deleted", f"its token now 401 {gone.code}")


def main(arguments: list[str]) -> int:
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    optional_url, required_url = arguments
    try:
        client = Client(base_url=optional_url)
        gif_id = browse(client)
        keep(client, gif_id)
        with_token(required_url)
    except AssertionError as failure:
        print(f"app-flow: FAILED: {failure}", file=sys.stderr)
        return 1
    print("app-flow: every step passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
