"""Uploaded pictures on the sandbox page: shown as Discord shows them (embed images in the
embed, other images under the text), loaded through the page's server, and only by a user who
can see the message that holds them."""

from __future__ import annotations

import io
from pathlib import Path

import aiohttp
from PIL import Image

from bot.sandbox.fakediscord.rest import File
from bot.sandbox.render import View, message_html
from bot.sandbox.runner import Sandbox
from tests.sandbox.dom import parse
from tests.sandbox.test_sandbox import sandbox_settings


def png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 10, 10)).save(buffer, "PNG")
    return buffer.getvalue()


def test_embed_images_and_other_images_are_shown_once_each() -> None:
    base = "http://127.0.0.1:9/attachments/5"
    data = {
        "id": "1",
        "author": {"id": "2", "username": "bot", "bot": True},
        "content": "",
        "embeds": [
            {
                "title": "Table",
                "image": {"url": f"{base}/10/table.png", "width": 720, "height": 400},
            }
        ],
        "attachments": [
            {
                "id": "10",
                "filename": "table.png",
                "url": f"{base}/10/table.png",
                "content_type": "image/png",
                "width": 720,
                "height": 400,
            },
            {
                "id": "11",
                "filename": "extra.png",
                "url": f"{base}/11/extra.png",
                "content_type": "image/png",
                "width": 30,
                "height": 20,
            },
            {
                "id": "12",
                "filename": "log.txt",
                "url": f"{base}/12/log.txt",
                "content_type": "text/plain",
            },
        ],
    }
    view = View(viewer_id=7, bot_id=2, media_path="/attachments/")
    page = parse(message_html(data, view))
    embed_image = page.one("img", "embed-image")
    assert embed_image.attrs["src"] == "/attachments/5/10/table.png?user=7"
    assert (embed_image.attrs["width"], embed_image.attrs["height"]) == ("720", "400")
    images = page.all("img", "attachment-image")
    assert [i.attrs["src"] for i in images] == ["/attachments/5/11/extra.png?user=7"]
    link = page.one("a", "attachment-file")
    assert link.attrs["href"] == "/attachments/5/12/log.txt?user=7"
    # Without a media path (not on the page) the URLs stay as Discord gave them.
    plain = parse(message_html(data, View(viewer_id=7, bot_id=2)))
    assert plain.one("img", "embed-image").attrs["src"] == f"{base}/10/table.png"


async def test_pictures_are_served_to_who_can_see_their_message(tmp_path: Path) -> None:
    async with Sandbox(sandbox_settings(tmp_path)) as sandbox, aiohttp.ClientSession() as http:
        fake = sandbox.fake
        aoi, ben = sandbox.users[:2]
        data = png(12, 8)
        message = await fake._create_message(
            fake.channel,
            {"embeds": [{"image": {"url": "attachment://hand.png"}}]},
            [File("files[0]", "hand.png", data, "application/octet-stream")],
            ephemeral_for=aoi.id,
        )
        attachment = message.data["attachments"][0]
        assert message.data["embeds"][0]["image"]["url"] == attachment["url"]
        path = f"attachments/{fake.channel.id}/{attachment['id']}/hand.png"

        async def get(user: str) -> tuple[int, bytes]:
            async with http.get(sandbox.url + path, params={"user": user}) as response:
                return response.status, await response.read()

        assert await get(str(aoi.id)) == (200, data)
        assert (await get(str(ben.id)))[0] == 404
        # The page's view of Aoi's channel shows the picture through the page's server.
        async with http.get(sandbox.url + "api/state", params={"user": str(aoi.id)}) as response:
            state = await response.json()
        html = "".join(m["html"] for m in state["messages"])
        assert f'src="/{path}?user={aoi.id}"' in html
