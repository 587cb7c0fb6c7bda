import Hummingbird
import Mustache
import SQLiteKit
import Prometheus
import ServiceLifecycle
