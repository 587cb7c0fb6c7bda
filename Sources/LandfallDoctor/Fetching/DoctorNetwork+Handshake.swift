import NIOCore
import NIOPosix
import NIOSSL
import X509

extension DoctorNetwork {
    /// A TLS handshake with `host` on `port` (SNI names the host), capturing the certificate
    /// chain exactly as the server presented it, leaf first, without judging it: an expired or
    /// wrong-host certificate is captured like a good one (the certificate checks judge it).
    ///
    /// It connects to the `--resolve` address when one names the host, else to the addresses
    /// DNS gives, in order, until one accepts.
    ///
    /// - Returns: What the handshake showed, or why there was none: `.nameNotResolved`,
    ///   `.connectionRefused`, `.connectTimeout` (no connection within the connect timeout),
    ///   `.handshakeTimeout` (connected, no handshake within the response timeout),
    ///   `.tlsHandshake` (the port does not speak TLS, no common version or cipher, closed).
    public func handshake(host: String, port: Int) async -> Result<TLSObservation, FetchFailure> {
        guard (1...65535).contains(port) else {
            return .failure(.other(url: "\(host):\(port)", reason: "the port \(port) is not between 1 and 65535"))
        }
        let addresses: [String]
        switch await resolve(host) {
        case .overridden(let address): addresses = [address]
        case .addresses(let found): addresses = found
        case .failed(let reason): return .failure(.nameNotResolved(host: host, reason: reason))
        }
        let context: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            // Not .none: NIOSSL calls the custom verification callback, which captures the
            // chain, only when verification is on; the callback then accepts any chain.
            configuration.certificateVerification = .noHostnameVerification
            configuration.shutdownTimeout = .fractionalSeconds(min(settings.responseTimeout, 1))
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            return .failure(.tlsHandshake(host: host, port: port, reason: "TLS could not be set up: \(error)"))
        }

        let connectDeadline = NIODeadline.now() + .fractionalSeconds(settings.connectTimeout)
        var firstFailure: FetchFailure?
        for address in addresses {
            let remaining = connectDeadline - .now()
            guard remaining > .zero else { break }
            switch await attemptHandshake(host: host, port: port, address: address, context: context, connectTimeout: remaining) {
            case .connected(let result):
                return result
            case .notConnected(let failure):
                firstFailure = firstFailure ?? failure
            }
        }
        return .failure(firstFailure ?? .connectTimeout(host: host, port: port, seconds: settings.connectTimeout))
    }

    /// How one address went: no connection (try the next), or connected with the handshake's result.
    private enum HandshakeAttempt {
        case notConnected(FetchFailure)
        case connected(Result<TLSObservation, FetchFailure>)
    }

    private func attemptHandshake(
        host: String,
        port: Int,
        address: String,
        context: NIOSSLContext,
        connectTimeout: TimeAmount
    ) async -> HandshakeAttempt {
        let socketAddress: SocketAddress
        do {
            socketAddress = try SocketAddress(ipAddress: address, port: port)
        } catch {
            return .notConnected(.other(url: "\(host):\(port)", reason: "\(address) is not an IPv4 or IPv6 address"))
        }
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let presented = eventLoop.makePromise(of: [Certificate].self)
        let handshaken = eventLoop.makePromise(of: Void.self)
        defer {
            // Whatever happened, leave no promise unfulfilled (completing twice does nothing).
            presented.fail(HandshakeWatcher.ClosedDuringHandshake())
            handshaken.fail(HandshakeWatcher.ClosedDuringHandshake())
        }
        let serverName = (try? SocketAddress(ipAddress: host, port: port)) == nil ? host : nil
        let handshakeTimeout = TimeAmount.fractionalSeconds(settings.responseTimeout)

        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(
                        context: context,
                        serverHostname: serverName,
                        customVerificationCallback: { certificates, verification in
                            presented.completeWith(Result {
                                try certificates.map { try Certificate(derEncoded: $0.toDERBytes()) }
                            })
                            verification.succeed(.certificateVerified)
                        }
                    )
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(
                        HandshakeWatcher(promise: handshaken, timeout: handshakeTimeout)
                    )
                }
            }

        let channel: any Channel
        do {
            channel = try await bootstrap.connect(to: socketAddress).get()
        } catch {
            let failure = FetchFailure.connecting(error, host: host, port: port, settings: settings)
                ?? .other(url: "\(host):\(port)", reason: "connecting to \(address) failed: \(error)")
            return .notConnected(failure)
        }
        defer { channel.close(promise: nil) }

        do {
            try await handshaken.futureResult.get()
        } catch is HandshakeWatcher.Timeout {
            return .connected(.failure(.handshakeTimeout(host: host, port: port, seconds: settings.responseTimeout)))
        } catch {
            let failure = FetchFailure.handshaking(error, host: host, port: port)
                ?? .tlsHandshake(host: host, port: port, reason: String(describing: error))
            return .connected(.failure(failure))
        }
        // The verification callback completed `presented` before the handshake could finish;
        // should it not have run, the handshake showed no certificate.
        presented.fail(NoCertificatePresented())
        do {
            let chain = try await presented.futureResult.get()
            return .connected(.success(TLSObservation(host: host, port: port, address: address, presentedChain: chain)))
        } catch is NoCertificatePresented {
            return .connected(.failure(.tlsHandshake(host: host, port: port, reason: "the server presented no certificate")))
        } catch {
            return .connected(.failure(.tlsHandshake(
                host: host, port: port, reason: "the server's certificate could not be read: \(error)"
            )))
        }
    }

    /// The handshake finished without the server presenting a certificate.
    private struct NoCertificatePresented: Error {}
}
