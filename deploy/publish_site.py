"""The last step of ``make deploy``: copy ``frontend/`` into the stack's private bucket.

CloudFormation creates the bucket and the distribution but cannot fill the bucket, so this
reads the stack's outputs (``BucketName``, ``DistributionId``), uploads every file with its
content type (each page with its shared parts put in, ``deploy/site_pages.py``), deletes files
no longer in the site, and invalidates CloudFront's cache.
It runs with the SAM virtualenv's boto3 and the credentials ``sam deploy`` used.
"""

from __future__ import annotations

import mimetypes
import os
import sys
import time
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deploy import site_pages
from local.paths import FRONTEND_DIR, REPO_ROOT

if TYPE_CHECKING:  # the stubs are in requirements-dev.txt only, for mypy
    from types_boto3_s3.type_defs import ObjectIdentifierTypeDef

# Pages must be revalidated so a deploy shows at once; the rest may be cached briefly.
HTML_CACHE = "no-cache"
ASSET_CACHE = "public, max-age=300"


def stack_settings(samconfig: Path = REPO_ROOT / "samconfig.toml") -> tuple[str, str | None]:
    """The stack name and region ``sam deploy`` used (env ``STACK_NAME``/``AWS_REGION`` win)."""
    config: dict[str, Any] = tomllib.loads(samconfig.read_text()) if samconfig.exists() else {}
    default = config.get("default", {})
    deploy = default.get("deploy", {}).get("parameters", {})
    shared = default.get("global", {}).get("parameters", {})
    stack = os.environ.get("STACK_NAME") or deploy.get("stack_name") or shared["stack_name"]
    region = os.environ.get("AWS_REGION") or deploy.get("region") or shared.get("region")
    return str(stack), region


def content_type(path: Path) -> str:
    """The Content-Type a browser expects for ``path`` (UTF-8 for text)."""
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    text_like = guessed.startswith("text/") or guessed in {
        "application/javascript",
        "application/json",
        "image/svg+xml",
    }
    return f"{guessed}; charset=utf-8" if text_like else guessed


def upload_site(s3: Any, bucket: str, root: Path = FRONTEND_DIR) -> dict[str, Path]:
    """Put the site into ``bucket`` (pages rendered with their shared parts, the partials
    left out) and delete what is no longer part of it; the files put, by key."""
    files = site_pages.site_files(root)
    for key, path in files.items():
        cache = HTML_CACHE if key.endswith(".html") else ASSET_CACHE
        s3.put_object(
            Bucket=bucket,
            Key=key,
            Body=site_pages.served_body(path, root),
            ContentType=content_type(path),
            CacheControl=cache,
        )
        print(f"uploaded s3://{bucket}/{key}")
    stale: list[ObjectIdentifierTypeDef] = [
        {"Key": obj["Key"]}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket)
        for obj in page.get("Contents", [])
        if obj["Key"] not in files
    ]
    for start in range(0, len(stale), 1000):
        s3.delete_objects(Bucket=bucket, Delete={"Objects": stale[start : start + 1000]})
    return files


def publish(stack: str, region: str | None) -> None:
    import boto3  # the SAM virtualenv has it; the app's .venv has it too

    session = boto3.session.Session(region_name=region)
    outputs = {
        item["OutputKey"]: item["OutputValue"]
        for item in session.client("cloudformation")
        .describe_stacks(StackName=stack)["Stacks"][0]
        .get("Outputs", [])
    }
    bucket, distribution = outputs["BucketName"], outputs["DistributionId"]
    upload_site(session.client("s3"), bucket)
    session.client("cloudfront").create_invalidation(
        DistributionId=distribution,
        InvalidationBatch={
            "Paths": {"Quantity": 1, "Items": ["/*"]},
            "CallerReference": f"make-deploy-{time.time_ns()}",
        },
    )
    print(f"Site published: {outputs.get('SiteUrl', '')}")


def main() -> int:
    stack, region = stack_settings()
    publish(stack, region)
    return 0


if __name__ == "__main__":
    sys.exit(main())
