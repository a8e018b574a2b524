"""An app's whole flow through the Python client that openapi-python-client generates from
openapi.yaml (package `gif_bff_client`, made by scripts/python-client-check.sh), type-checked with
`mypy --strict` and run against two demo gif-bff servers: one with the default installs policy
(no token: `Client`), one started with `--installs required` (a token: `AuthenticatedClient`),
where an install's data is also exported, imported into a second install, and its favorites
opened on a linked device that is then revoked.

Usage: python app_flow.py OPTIONAL_URL REQUIRED_URL   (prints one line per step; exits 1 on a failure)
"""

from __future__ import annotations

import re
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
from gif_bff_client.api.installs import (
    delete_install,
    export_install,
    import_install,
    link_device,
    list_devices,
    make_link_code,
    register_install,
    revoke_device,
)
from gif_bff_client.models import (
    AddFavoriteRequest,
    Deck,
    DeviceList,
    Download,
    ExportDocument,
    FavoritesList,
    Favorite,
    FetchedItem,
    ImportSummary,
    Item,
    ItemPage,
    Kind,
    LinkCode,
    LinkedDevice,
    LinkRequest,
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


def favorite_ids(client: AuthenticatedClient) -> list[str]:
    return [favorite.id for favorite in answer(list_favorites.sync_detailed(client=client), FavoritesList).data]


def new_install(base_url: str) -> AuthenticatedClient:
    install = answer(register_install.sync_detailed(client=Client(base_url=base_url)), NewInstall)
    return AuthenticatedClient(base_url=base_url, token=install.token)


def export_and_import(base_url: str) -> AuthenticatedClient:
    """An install's data downloaded, then merged into a second install: the same favorites in the
    same order, a second import all duplicates, a document that is not one refused. The first
    install (two favorites, a search) is answered, for linking."""
    first = new_install(base_url)
    gif_ids = [item.id for item in answer(search_items.sync_detailed(client=first, q="cat", limit=2), ItemPage).data]
    for gif_id in gif_ids:
        answer(add_favorite.sync_detailed(client=first, body=AddFavoriteRequest(id=gif_id)), Favorite)
    kept = favorite_ids(first)
    assert kept == list(reversed(gif_ids)), f"newest first: {kept} after adding {gif_ids}"
    exported = export_install.sync_detailed(client=first)
    document = answer(exported, ExportDocument)
    disposition = exported.headers.get("Content-Disposition", "")
    assert re.fullmatch(r'attachment; filename="gif-bff-export-\d{4}-\d{2}-\d{2}\.json"', disposition), disposition
    assert document.format_ == "gif-bff-export" and document.version == 1, (document.format_, document.version)
    exported_ids = [favorite.item.id for favorite in document.favorites or []]
    queries = [entry.query for entry in document.search_history or []]
    assert exported_ids == kept and queries == ["cat"], f"exported {exported_ids}, {queries}"
    step("export", f"{disposition.split('=')[-1]}: {len(exported_ids)} favorites, history {queries}")
    second = new_install(base_url)
    summary = answer(import_install.sync_detailed(client=second, body=document), ImportSummary)
    merged = summary.favorites
    assert (merged.imported, merged.duplicates, merged.dropped, merged.count) == (2, 0, 0, 2), merged.to_dict()
    assert summary.search_history.count == 1, summary.search_history.to_dict()
    assert favorite_ids(second) == kept, f"imported {favorite_ids(second)}, exported {kept}"
    step("import into a second install", f"{merged.to_dict()}, history {summary.search_history.count}")
    again = answer(import_install.sync_detailed(client=second, body=document), ImportSummary).favorites
    assert (again.imported, again.duplicates, again.count) == (0, 2, 2), again.to_dict()
    bad = problem(import_install.sync_detailed(client=second, body=ExportDocument(format_="not-ours", version=1)), 400)
    assert bad.code == ProblemCodeType0.IMPORT_INVALID and favorite_ids(second) == kept, bad.to_dict()
    step("import again, then a document that is not one", f"{again.duplicates} duplicates; 400 {bad.code}, nothing changed")
    assert delete_install.sync_detailed(client=second).status_code == 204
    return first


def linked_devices(base_url: str, first: AuthenticatedClient) -> None:
    """A code from the first device opens its install on a second one (its own token: the same
    favorites), once; the first lists both and revokes the second, whose token then opens nothing."""
    issued = answer(make_link_code.sync_detailed(client=first), LinkCode)
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", issued.code) and issued.expires_in > 0, issued.to_dict()
    step("link code", f"{len(issued.code)} characters, for {issued.expires_in} s")
    anonymous = Client(base_url=base_url)
    # Typed as people type it: lower case, the hyphen left out.
    linked = answer(link_device.sync_detailed(client=anonymous, body=LinkRequest(code=issued.code.replace("-", "").lower())),
                    LinkedDevice)
    device = AuthenticatedClient(base_url=base_url, token=linked.token)
    assert linked.token.startswith(f"{linked.install_id}.") and favorite_ids(device) == favorite_ids(first)
    step("link", f"device {linked.device_id} of install {linked.install_id}: {len(favorite_ids(device))} favorites")
    used = problem(link_device.sync_detailed(client=anonymous, body=LinkRequest(code=issued.code)), 403)
    assert used.code == ProblemCodeType0.LINK_CODE_INVALID, used.to_dict()
    step("the code again", f"403 {used.code}")
    devices = answer(list_devices.sync_detailed(client=first), DeviceList).data
    listed = [(entry.id, entry.current is True) for entry in devices]
    assert listed == [("first", True), (linked.device_id, False)], listed
    seen_by_device = [(entry.id, entry.current is True) for entry in answer(list_devices.sync_detailed(client=device), DeviceList).data]
    assert seen_by_device == [("first", False), (linked.device_id, True)], seen_by_device
    step("devices", f"{listed}")
    assert revoke_device.sync_detailed(client=first, id=linked.device_id).status_code == 204
    revoked = problem(list_favorites.sync_detailed(client=device), 401)
    assert revoked.code == ProblemCodeType0.INSTALL_TOKEN_INVALID, revoked.to_dict()
    left = [entry.id for entry in answer(list_devices.sync_detailed(client=first), DeviceList).data]
    missing = problem(revoke_device.sync_detailed(client=first, id=linked.device_id), 404)
    assert left == ["first"] and missing.code == ProblemCodeType0.DEVICE_NOT_FOUND, (left, missing.to_dict())
    step("revoke", f"its token now 401 {revoked.code}; left {left}; again 404 {missing.code}")
    assert delete_install.sync_detailed(client=first).status_code == 204


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
        linked_devices(required_url, export_and_import(required_url))
    except AssertionError as failure:
        print(f"app-flow: FAILED: {failure}", file=sys.stderr)
        return 1
    print("app-flow: every step passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
