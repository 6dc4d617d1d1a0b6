"""The single DynamoDB table, defined once for the local run, the tests and template.yaml.

``TABLE_DEFINITION`` holds the exact CreateTable arguments (all but ``TableName``); a test
compares it with the table in template.yaml so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

TTL_ATTRIBUTE = "expiresAt"
GSI1_NAME = "gsi1"

TABLE_DEFINITION: dict[str, Any] = {
    "AttributeDefinitions": [
        {"AttributeName": "pk", "AttributeType": "S"},
        {"AttributeName": "sk", "AttributeType": "S"},
        {"AttributeName": "gsi1pk", "AttributeType": "S"},
        {"AttributeName": "gsi1sk", "AttributeType": "S"},
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
        }
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
        return
    client.create_table(TableName=name, **TABLE_DEFINITION)
    client.get_waiter("table_exists").wait(TableName=name)
    client.update_time_to_live(
        TableName=name,
        TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE},
    )
