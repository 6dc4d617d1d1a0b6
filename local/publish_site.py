"""The last step of ``make deploy``: copy ``frontend/`` into the stack's private bucket.

CloudFormation creates the bucket and the distribution but cannot fill the bucket, so this
reads the stack's outputs (``BucketName``, ``DistributionId``), uploads every file with its
content type, deletes files no longer in ``frontend/``, and invalidates CloudFront's cache.
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


def site_files(root: Path = FRONTEND_DIR) -> dict[str, Path]:
    """Every file under ``root`` by its S3 key (the path relative to ``root``)."""
    return {
        path.relative_to(root).as_posix(): path
        for path in sorted(root.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    }


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
    s3 = session.client("s3")
    files = site_files()
    for key, path in files.items():
        cache = HTML_CACHE if key.endswith(".html") else ASSET_CACHE
        s3.upload_file(
            str(path),
            bucket,
            key,
            ExtraArgs={"ContentType": content_type(path), "CacheControl": cache},
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
