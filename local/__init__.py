"""The local run: the Lambda apps under one uvicorn server, with DynamoDB Local beside them."""
