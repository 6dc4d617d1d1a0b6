"""The single DynamoDB table, defined once for the local run, the tests and template.yaml.

``TABLE_DEFINITION`` holds the exact CreateTable arguments (all but ``TableName``); a test
compares it with the table in template.yaml so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

TTL_ATTRIBUTE = "expiresAt"
GSI1_NAME = "gsi1"
# Every item that belongs to a player carries ``playerId``: this sparse index lists them, so
# a player's data can be exported and erased without a scan (``players.index``). Keys only:
# a write that does not change ``playerId`` costs the index nothing.
BY_PLAYER_INDEX = "byPlayer"

TABLE_DEFINITION: dict[str, Any] = {
    "AttributeDefinitions": [
        {"AttributeName": "pk", "AttributeType": "S"},
        {"AttributeName": "sk", "AttributeType": "S"},
        {"AttributeName": "gsi1pk", "AttributeType": "S"},
        {"AttributeName": "gsi1sk", "AttributeType": "S"},
        {"AttributeName": "playerId", "AttributeType": "S"},
    ],
    "KeySchema": [
        {"AttributeName": "pk", "KeyType": "HASH"},
        {"AttributeName": "sk", "KeyType": "RANGE"},
    ],
    "GlobalSecondaryIndexes": [
        {
            "IndexName": GSI1_NAME,
            "KeySchema": [
                {"AttributeName": "gsi1pk", "KeyType": "HASH"},
                {"AttributeName": "gsi1sk", "KeyType": "RANGE"},
            ],
            "Projection": {"ProjectionType": "ALL"},
        },
        {
            "IndexName": BY_PLAYER_INDEX,
            "KeySchema": [
                {"AttributeName": "playerId", "KeyType": "HASH"},
                {"AttributeName": "pk", "KeyType": "RANGE"},
            ],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
        },
    ],
    "BillingMode": "PAY_PER_REQUEST",
}


def create_table(client: Any, name: str) -> None:
    """Create the table with its GSI and turn on TTL (``expiresAt``), as the template does.

    ``client`` is a boto3 DynamoDB *client* (moto, DynamoDB Local or AWS). An existing table
    is left as it is, so the local run can call this at every start. Point-in-time recovery
    is attempted but optional: emulators may not support it.
    """
    existing = client.list_tables().get("TableNames", [])
    if name in existing:
        _add_missing_indexes(client, name)
        return
    client.create_table(TableName=name, **TABLE_DEFINITION)
    client.get_waiter("table_exists").wait(TableName=name)
    client.update_time_to_live(
        TableName=name,
        TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE},
    )


def _add_missing_indexes(client: Any, name: str) -> None:
    """Give a table made by an older version the indexes added since (a local run's table
    outlives the code that made it; on AWS the template adds them)."""
    described = client.describe_table(TableName=name)["Table"]
    present = {index["IndexName"] for index in described.get("GlobalSecondaryIndexes", [])}
    for index in TABLE_DEFINITION["GlobalSecondaryIndexes"]:
        if index["IndexName"] in present:
            continue
        client.update_table(
            TableName=name,
            AttributeDefinitions=TABLE_DEFINITION["AttributeDefinitions"],
            GlobalSecondaryIndexCreates=[{"Create": index}],
        )
