"""What the processes share through Redis (REDIS_URL): the channel layer, Celery's broker and
the cache; without it, one process's memory and tasks in-process."""

from django.core.exceptions import ImproperlyConfigured

from whistsite.patches.channel_layer import layer_host
from whistsite.settings.environment import env_choice, env_url, env_urls, redis_db_url

# REDIS_URL: channel layer on Redis database 1, Celery's broker on database 0
# (docs/stack-notes.md §2.11).
# Without it: in-process channel layer and Celery tasks run eagerly, in the request.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "unix"), "redis://redis.internal:6379")
if REDIS_URL:
    # WHIST_CHANNEL_LAYER: "core" (channels_redis' lists, one per socket) or "pubsub"
    # (one Redis publish per group message, relayed by each server to its own sockets).
    WHIST_CHANNEL_LAYER = env_choice("WHIST_CHANNEL_LAYER", "pubsub", ("pubsub", "core"))
    # Its connections: no idle timeout, a pool of 1,000, a dropped connection retried.
    # WHIST_CHANNEL_REDIS_URLS: the layer sharded over these Redis servers (channels_redis
    # hashes each channel and group name to one of them; every process must list the same
    # URLs in the same order), else REDIS_URL's database 1 alone (docs/deployment.md).
    LAYER_URLS = env_urls(
        "WHIST_CHANNEL_REDIS_URLS", ("redis", "rediss", "unix"), "redis://redis-2.internal:6379/1"
    ) or [redis_db_url(REDIS_URL, 1)]
    LAYER_HOSTS = [layer_host(url) for url in LAYER_URLS]
    if WHIST_CHANNEL_LAYER == "pubsub":
        CHANNEL_LAYERS = {
            "default": {
                # channels_redis' PubSub layer that tells the sockets when Redis is back.
                "BACKEND": "whistsite.patches.channel_layer.ReconnectingPubSubLayer",
                "CONFIG": {"hosts": LAYER_HOSTS},
            }
        }
    elif WHIST_CHANNEL_LAYER == "core":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": LAYER_HOSTS,
                    # The default of 100 drops messages silently in a burst
                    # (docs/stack-notes.md §2.12).
                    "capacity": 1000,
                    "expiry": 60,
                },
            }
        }
    else:
        raise ImproperlyConfigured(
            f"WHIST_CHANNEL_LAYER must be core or pubsub, not {WHIST_CHANNEL_LAYER!r}"
        )
    CELERY_BROKER_URL = redis_db_url(REDIS_URL, 0)
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True

# The cache every process shares: Redis database 2 (0 is Celery's broker, 1 the channel
# layer); without REDIS_URL a single process's memory.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_db_url(REDIS_URL, 2),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # One process (make run): its memory is the whole shared cache.
    SILENCED_SYSTEM_CHECKS = ["axes.W001"]
